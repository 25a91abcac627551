// The job mechanism on a real PostgreSQL 15: the same behaviour as on PGlite, and two handles (two connection
// pools, as two server processes would have) racing over the same jobs.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPostgres } from '../../../tests/helpers/postgres-server.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { jobSuite, race } from './jobs-suite.ts';

let stop: (() => void) | undefined;
let one: Database;
let two: Database;
beforeAll(async () => {
  const pg = await startPostgres();
  stop = pg.stop;
  one = await openDatabase({ databaseUrl: pg.url, seed: false });
  two = await openDatabase({ databaseUrl: pg.url, migrate: false, seed: false });
}, 180000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  stop?.();
});

jobSuite('PostgreSQL 15', () => one.db);

describe('jobs on PostgreSQL 15: several processes', () => {
  it('two runners on two connections race over 50 jobs and run each exactly once', async () => {
    const { runs, ids, byWorker } = await race(one.db, two.db);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(byWorker.a! + byWorker.b!).toBe(50);
  });
});
