import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, chownSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, afterAll, expect } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createTestDatabase } from './test-db.ts';

const BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * A throwaway PostgreSQL 15 cluster on loopback for testing the production database path
 * (Debian's `postgresql` package; .ci/run installs it). PostgreSQL refuses to run as root, so as root
 * the cluster is run as the `postgres` user.
 */
export async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  if (!existsSync(`${BIN}/postgres`)) {
    throw new Error(`PostgreSQL server binaries not found in ${BIN}: apt-get install postgresql (or set PG_BIN)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'mallfront-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe' });
  if (asRoot)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const data = join(dir, 'data');
  run(`${BIN}/initdb`, ['-D', data, '-U', 'mall', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  run(`${BIN}/pg_ctl`, [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://mall@127.0.0.1:${port}/postgres`,
    stop: () => {
      run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The pair a comparison test works with; filled in before the file's first test. */
export interface PostgresPair {
  url: string;
  server: Database;
  embedded: Database;
}

/**
 * For a test file comparing the production path with the embedded one: a migrated, seeded PostgreSQL 15
 * (`server`) and a fresh PGlite clone (`embedded`), opened before the file's tests and stopped after them.
 */
export function usePostgres(timeoutMs = 180000): PostgresPair {
  const pair = {} as PostgresPair;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    const pg = await startPostgres();
    stop = pg.stop;
    pair.url = pg.url;
    pair.server = await openDatabase({ databaseUrl: pg.url });
    pair.embedded = await createTestDatabase();
  }, timeoutMs);
  afterAll(async () => {
    await pair.server?.close();
    stop?.();
  });
  return pair;
}

/** Waits until some session of `d`'s database waits for a lock (a transaction started meanwhile queues on a held row). */
export async function untilOneWaitsForALock(d: Database): Promise<void> {
  await untilWaitingForLocks(d, 1);
}

/** Waits until at least `n` sessions of `d`'s database wait for a lock (two calls queued on held rows). */
export async function untilWaitingForLocks(d: Database, n: number): Promise<void> {
  await expect
    .poll(async () => {
      const rows = await d.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    })
    .toBeGreaterThanOrEqual(n);
}
