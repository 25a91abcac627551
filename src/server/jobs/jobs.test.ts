import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { captcha, job, rateLimitHit, smsCode, userSession } from '../db/schema/index.ts';
import { enqueue } from './queue.ts';
import { claimJobs, runDueJobs, startJobRunner, type JobHandlers } from './runner.ts';
import { housekeeping, HOUSEKEEPING_EVERY_MS, scheduleHousekeeping } from './housekeeping.ts';
import { jobSuite, race } from './jobs-suite.ts';
import { withJobRunner } from './start.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

jobSuite('PGlite', () => database.db);

describe('jobs on PGlite: one process', () => {
  it('two runners on one handle run each of 50 jobs exactly once', async () => {
    const { runs, ids } = await race(database.db, database.db);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('a started runner runs due jobs by itself, and stop() waits for the job in hand', async () => {
    const { db } = await createTestDatabase();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const handlers: JobHandlers = {
      slow: {
        async run() {
          started();
          await held;
        },
      },
    };
    const { id } = await enqueue(db, 'slow', {});
    const runner = startJobRunner(db, handlers, { pollMs: 10 });
    await running;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    // One full turn of the event loop: a stop() that did not wait for the handler would have resolved by now.
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await db.select({ state: job.state }).from(job).where(eq(job.id, id)))[0]?.state).toBe('done');
  });
});

describe("the server's runner", () => {
  it('starts with the database, queues housekeeping, and stops before the database closes', async () => {
    const wrapped = await withJobRunner(await createTestDatabase());
    const queued = await wrapped.db.select({ key: job.key }).from(job).where(sql`${job.kind} = 'housekeeping' and ${job.state} = 'queued'`);
    expect(queued).toHaveLength(1);
    await wrapped.close();
    await expect(wrapped.db.select().from(job)).rejects.toThrow();
  });
});

describe('jobs survive a restart (on-disk PGlite)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mallfront-jobs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('queued and claimed-but-unfinished jobs are there after closing and reopening the database', async () => {
    const T = new Date('2030-01-01T00:00:00Z');
    const first = await openDatabase({ dataDir: dir, migrate: true, seed: false });
    await enqueue(first.db, 'restart', { n: 1 }, { runAt: T, key: 'one' });
    await enqueue(first.db, 'restart', { n: 2 }, { runAt: T, key: 'two' });
    // The process claims one of them and stops before finishing it.
    await claimJobs(first.db, ['restart'], { worker: 'old', now: T, limit: 1, leaseMs: 60_000 });
    await first.close();

    const again = await openDatabase({ dataDir: dir, migrate: true, seed: false });
    const ran: unknown[] = [];
    const handlers: JobHandlers = { restart: { run: async (p) => void ran.push(p) } };
    expect((await enqueue(again.db, 'restart', { n: 1 }, { key: 'one' })).created).toBe(false);
    expect((await runDueJobs(again.db, handlers, { worker: 'new', now: T })).done).toBe(1);
    expect(await runDueJobs(again.db, handlers, { worker: 'new', now: new Date(T.getTime() + 61_000) })).toMatchObject({
      claimed: 1,
      done: 1,
    });
    expect(ran).toEqual([{ n: 2 }, { n: 1 }]);
    await again.close();
  }, 120000);
});

describe('housekeeping', () => {
  it('deletes expired sessions, codes, captchas and old rate-limit hits, keeps live ones, and queues its next run once', async () => {
    const { db } = await createTestDatabase();
    const now = new Date(Math.floor(Date.now() / HOUSEKEEPING_EVERY_MS) * HOUSEKEEPING_EVERY_MS + 60_000);
    const h = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await db.insert(userSession).values([
      { uid: 1, tokenHash: 'hk-old', expiresAt: h(-30) },
      { uid: 1, tokenHash: 'hk-revoked', expiresAt: h(100), revokedAt: h(-30) },
      { uid: 1, tokenHash: 'hk-live', expiresAt: h(100) },
    ]);
    const code = { phoneCode: '86', phone: '13700000000', type: 'login', codeHash: 'x', salt: 'y' };
    await db.insert(smsCode).values([
      { ...code, expiresAt: h(-30) },
      { ...code, expiresAt: h(-1) },
    ]);
    await db.insert(captcha).values([
      { keyHash: 'hk-c1', codeHash: 'x', expiresAt: h(-1) },
      { keyHash: 'hk-c2', codeHash: 'x', expiresAt: h(1) },
    ]);
    await db.insert(rateLimitHit).values([
      { bucket: 'hk', at: h(-25) },
      { bucket: 'hk', at: h(-2) },
    ]);
    await scheduleHousekeeping(db, h(-1));
    await scheduleHousekeeping(db, h(-1));

    const report = await runDueJobs(db, { housekeeping }, { worker: 'w', now });
    expect(report).toMatchObject({ claimed: 1, done: 1 });
    const tokens = (await db.select({ t: userSession.tokenHash }).from(userSession).where(sql`${userSession.tokenHash} like 'hk-%'`)).map(
      (r) => r.t,
    );
    expect(tokens).toEqual(['hk-live']);
    expect(await db.select({ e: smsCode.expiresAt }).from(smsCode).where(eq(smsCode.phone, '13700000000'))).toEqual([{ e: h(-1) }]);
    expect((await db.select({ k: captcha.keyHash }).from(captcha).where(sql`${captcha.keyHash} like 'hk-%'`)).map((r) => r.k)).toEqual([
      'hk-c2',
    ]);
    expect(await db.select({ at: rateLimitHit.at }).from(rateLimitHit).where(eq(rateLimitHit.bucket, 'hk'))).toEqual([{ at: h(-2) }]);
    const queued = await db.select({ runAt: job.runAt }).from(job).where(sql`${job.kind} = 'housekeeping' and ${job.state} = 'queued'`);
    expect(queued).toEqual([{ runAt: new Date(now.getTime() - 60_000 + HOUSEKEEPING_EVERY_MS) }]);
  });
});
