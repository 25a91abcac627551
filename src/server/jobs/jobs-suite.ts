// The job mechanism's behaviour, run on PGlite (jobs.test.ts) and on a real PostgreSQL (jobs.postgres.test.ts).
// Every test uses job kinds of its own, so the tests of a file can share one database.
import { describe, it, expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import { job } from '../db/schema/index.ts';
import { enqueue } from './queue.ts';
import { claimJobs, runDueJobs, type JobHandlers } from './runner.ts';

let n = 0;
const kindOf = (name: string) => `test${++n}:${name}`;
const T0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const rowOf = async (db: Db, id: number) => (await db.select().from(job).where(eq(job.id, id)))[0]!;

/** Handlers that record what they ran (payloads), optionally failing the first `fails` calls. */
function recorder(kind: string, fails = 0) {
  const ran: unknown[] = [];
  let calls = 0;
  const handlers: JobHandlers = {
    [kind]: {
      async run(payload) {
        if (++calls <= fails) throw new Error(`try ${calls} failed`);
        ran.push(payload);
      },
    },
  };
  return { ran, handlers };
}

export function jobSuite(name: string, dbOf: () => Db) {
  describe(`jobs on ${name}`, () => {
    it('runs due jobs and leaves future ones for later', async () => {
      const db = dbOf();
      const kind = kindOf('due');
      const { ran, handlers } = recorder(kind);
      const due = await enqueue(db, kind, { n: 1 }, { runAt: at(0) });
      const later = await enqueue(db, kind, { n: 2 }, { runAt: at(3600) });
      expect(await runDueJobs(db, handlers, { worker: 'w', now: at(10) })).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
      expect(ran).toEqual([{ n: 1 }]);
      expect(await rowOf(db, due.id)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
      expect(await rowOf(db, later.id)).toMatchObject({ state: 'queued', attempts: 0 });
      await runDueJobs(db, handlers, { worker: 'w', now: at(3600) });
      expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('retries a failing job with growing delays, then marks it failed and keeps it', async () => {
      const db = dbOf();
      const kind = kindOf('retry');
      const { ran, handlers } = recorder(kind, 99);
      const { id } = await enqueue(db, kind, {}, { runAt: at(0), maxAttempts: 3 });
      expect((await runDueJobs(db, handlers, { worker: 'w', now: at(0) })).retried).toBe(1);
      expect(await rowOf(db, id)).toMatchObject({
        state: 'queued',
        attempts: 1,
        runAt: at(10),
        lastError: expect.stringContaining('try 1 failed'),
      });
      expect((await runDueJobs(db, handlers, { worker: 'w', now: at(9) })).claimed).toBe(0);
      expect((await runDueJobs(db, handlers, { worker: 'w', now: at(10) })).retried).toBe(1);
      expect(await rowOf(db, id)).toMatchObject({ state: 'queued', attempts: 2, runAt: at(30) });
      expect((await runDueJobs(db, handlers, { worker: 'w', now: at(30) })).failed).toBe(1);
      expect(await rowOf(db, id)).toMatchObject({
        state: 'failed',
        attempts: 3,
        lastError: expect.stringContaining('try 3 failed'),
        finishedAt: at(30),
      });
      expect((await runDueJobs(db, handlers, { worker: 'w', now: at(86400) })).claimed).toBe(0);
      expect(ran).toEqual([]);
    });

    it('a job that fails once succeeds on its retry', async () => {
      const db = dbOf();
      const kind = kindOf('flaky');
      const { ran, handlers } = recorder(kind, 1);
      const { id } = await enqueue(db, kind, { order: 7 }, { runAt: at(0) });
      await runDueJobs(db, handlers, { worker: 'w', now: at(0) });
      await runDueJobs(db, handlers, { worker: 'w', now: at(10) });
      expect(ran).toEqual([{ order: 7 }]);
      expect(await rowOf(db, id)).toMatchObject({ state: 'done', attempts: 2 });
    });

    it("queues a key once, and commits or rolls back with the caller's transaction", async () => {
      const db = dbOf();
      const kind = kindOf('key');
      const first = await enqueue(db, kind, { order: 1 }, { key: 'order:1', runAt: at(0) });
      const again = await enqueue(db, kind, { order: 1 }, { key: 'order:1', runAt: at(60) });
      expect(first.created).toBe(true);
      expect(again).toEqual({ id: first.id, created: false });
      await expect(
        transaction(db, async (tx) => {
          await enqueue(tx, kind, { order: 2 }, { key: 'order:2' });
          throw new Error('order not placed');
        }),
      ).rejects.toThrow('order not placed');
      await transaction(db, (tx) => enqueue(tx, kind, { order: 3 }, { key: 'order:3' }));
      const rows = await db.select({ key: job.key }).from(job).where(eq(job.kind, kind));
      expect(rows.map((r) => r.key).sort()).toEqual(['order:1', 'order:3']);
    });

    it('takes over a job whose claimer died once its lease expires', async () => {
      const db = dbOf();
      const kind = kindOf('lease');
      const { ran, handlers } = recorder(kind);
      const { id } = await enqueue(db, kind, { x: 1 }, { runAt: at(0) });
      // A runner claims it and dies before finishing.
      expect(await claimJobs(db, [kind], { worker: 'dead', now: at(0), leaseMs: 60_000 })).toHaveLength(1);
      expect((await runDueJobs(db, handlers, { worker: 'alive', now: at(59) })).claimed).toBe(0);
      expect(await runDueJobs(db, handlers, { worker: 'alive', now: at(61) })).toMatchObject({ claimed: 1, done: 1 });
      expect(ran).toEqual([{ x: 1 }]);
      expect(await rowOf(db, id)).toMatchObject({ state: 'done', attempts: 2 });
    });

    it("fails a dead claimer's job that had no attempts left instead of running it again", async () => {
      const db = dbOf();
      const kind = kindOf('lease-last');
      const { ran, handlers } = recorder(kind);
      const { id } = await enqueue(db, kind, {}, { runAt: at(0), maxAttempts: 1 });
      await claimJobs(db, [kind], { worker: 'dead', now: at(0), leaseMs: 60_000 });
      expect((await runDueJobs(db, handlers, { worker: 'alive', now: at(61) })).claimed).toBe(0);
      expect(ran).toEqual([]);
      expect(await rowOf(db, id)).toMatchObject({ state: 'failed', lastError: 'lease expired' });
    });

    it('claims only the kinds this runner has handlers for', async () => {
      const db = dbOf();
      const known = kindOf('known');
      const unknown = kindOf('unknown');
      const { handlers } = recorder(known);
      await enqueue(db, known, {}, { runAt: at(0) });
      const other = await enqueue(db, unknown, {}, { runAt: at(0) });
      expect((await runDueJobs(db, handlers, { worker: 'w', now: at(0) })).claimed).toBe(1);
      expect(await rowOf(db, other.id)).toMatchObject({ state: 'queued', attempts: 0 });
    });
  });
}

/** Two runners (two database handles) drain 50 due jobs concurrently; returns how often each job ran. */
export async function race(a: Db, b: Db): Promise<{ runs: Map<number, number>; ids: number[]; byWorker: Record<string, number> }> {
  const kind = kindOf('race');
  const runs = new Map<number, number>();
  const byWorker: Record<string, number> = { a: 0, b: 0 };
  const ids: number[] = [];
  for (let i = 0; i < 50; i++) ids.push((await enqueue(a, kind, { i }, { runAt: at(0) })).id);
  const runner = async (db: Db, worker: string) => {
    const handlers: JobHandlers = {
      [kind]: {
        async run(_p, { job: row }) {
          runs.set(row.id, (runs.get(row.id) ?? 0) + 1);
          byWorker[worker]!++;
        },
      },
    };
    while ((await runDueJobs(db, handlers, { worker, now: at(1), limit: 3 })).claimed > 0);
  };
  await Promise.all([runner(a, 'a'), runner(b, 'b')]);
  const states = await a.select({ state: job.state, attempts: job.attempts }).from(job).where(inArray(job.id, ids));
  expect(states.every((s) => s.state === 'done' && s.attempts === 1)).toBe(true);
  return { runs, ids, byWorker };
}
