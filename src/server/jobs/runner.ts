import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { job } from '../db/schema/index.ts';

export type JobRow = typeof job.$inferSelect;

export interface JobContext {
  /** The database (not a transaction): a handler opens its own with `transaction(db, …)` where it needs one. */
  db: Db;
  job: JobRow;
  now: Date;
}

export interface JobDefinition<P = unknown> {
  /**
   * Does the work. Throwing schedules a retry (or fails the job after its last attempt). A handler may run more
   * than once for one job (its process died after the work, or it outlived its lease): make it idempotent.
   */
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Milliseconds before retry number `attempt` (1 = after the first failure); default 10 s doubling, at most 1 h. */
  retryDelay?(attempt: number): number;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own payload type
export type JobHandlers = Record<string, JobDefinition<any>>;

export interface RunOptions {
  /** Identifies this runner in `locked_by`. */
  worker: string;
  now?: Date;
  /** Jobs claimed per batch (default 10). */
  limit?: number;
  /** How long a claim holds before another runner may take the job over (default 5 min). */
  leaseMs?: number;
}

export const defaultRetryDelay = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);

export const workerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const errorText = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err)).slice(0, 2000);

/**
 * Claims up to `limit` due jobs of the given kinds for `worker`: queued ones whose time has come, and running ones
 * whose lease expired (their claimer died). FOR UPDATE SKIP LOCKED lets several runners claim at once without
 * waiting on, or taking, each other's rows. The claim commits at once: handlers run outside any transaction.
 */
export async function claimJobs(db: Db, kinds: string[], opts: RunOptions): Promise<JobRow[]> {
  if (!kinds.length) return [];
  const now = opts.now ?? new Date();
  const stale = and(eq(job.state, 'running'), lt(job.lockedUntil, now));
  // A claimer that died on its last attempt does not get another one.
  await db
    .update(job)
    .set({
      state: 'failed',
      finishedAt: now,
      lockedBy: null,
      lockedUntil: null,
      lastError: sql`coalesce(${job.lastError}, 'lease expired')`,
    })
    .where(and(inArray(job.kind, kinds), stale, sql`${job.attempts} >= ${job.maxAttempts}`));
  const due = db
    .select({ id: job.id })
    .from(job)
    .where(
      and(inArray(job.kind, kinds), or(and(eq(job.state, 'queued'), lte(job.runAt, now)), and(stale, lt(job.attempts, job.maxAttempts)))),
    )
    .orderBy(asc(job.runAt), asc(job.id))
    .limit(opts.limit ?? 10)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(job)
    .set({
      state: 'running',
      attempts: sql`${job.attempts} + 1`,
      lockedBy: opts.worker,
      lockedUntil: new Date(now.getTime() + (opts.leaseMs ?? 300_000)),
    })
    .where(inArray(job.id, due))
    .returning();
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** Only the runner holding the claim may finish the job (another one may have taken over an expired lease). */
const heldBy = (row: JobRow, worker: string) => and(eq(job.id, row.id), eq(job.state, 'running'), eq(job.lockedBy, worker));

async function finish(
  db: Db,
  row: JobRow,
  def: JobDefinition,
  worker: string,
  err: unknown,
  now: Date,
): Promise<'done' | 'retry' | 'failed'> {
  if (err === undefined) {
    await db.update(job).set({ state: 'done', finishedAt: now, lockedBy: null, lockedUntil: null }).where(heldBy(row, worker));
    return 'done';
  }
  const last = row.attempts >= row.maxAttempts;
  const runAt = new Date(now.getTime() + (def.retryDelay ?? defaultRetryDelay)(row.attempts));
  await db
    .update(job)
    .set(
      last
        ? { state: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: errorText(err) }
        : { state: 'queued', runAt, lockedBy: null, lockedUntil: null, lastError: errorText(err) },
    )
    .where(heldBy(row, worker));
  if (last) console.error(`[mallfront] job ${row.kind}#${row.id} failed after ${row.attempts} attempts:`, err);
  return last ? 'failed' : 'retry';
}

export interface RunReport {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

/** Claims one batch of due jobs and runs each with its kind's handler, in order. */
export async function runDueJobs(db: Db, handlers: JobHandlers, opts: RunOptions): Promise<RunReport> {
  const rows = await claimJobs(db, Object.keys(handlers), opts);
  const report: RunReport = { claimed: rows.length, done: 0, retried: 0, failed: 0 };
  for (const row of rows) {
    const def = handlers[row.kind]!;
    let error: unknown;
    try {
      await def.run(row.payload, { db, job: row, now: opts.now ?? new Date() });
    } catch (err) {
      error = err ?? new Error('job threw nothing');
    }
    const outcome = await finish(db, row, def, opts.worker, error, opts.now ?? new Date());
    report[outcome === 'retry' ? 'retried' : outcome]++;
  }
  return report;
}

export interface JobRunner {
  worker: string;
  /** Stops polling and waits for the batch in hand to finish. */
  stop(): Promise<void>;
}

export interface RunnerOptions extends Partial<Omit<RunOptions, 'now'>> {
  /** Pause between polls when nothing was due (default 5 s). */
  pollMs?: number;
}

/**
 * Polls for due jobs until stopped: a full batch is followed at once by the next, otherwise it waits `pollMs`.
 * The timer does not keep the process alive; an error (database gone) is logged and the next poll tries again.
 */
export function startJobRunner(db: Db, handlers: JobHandlers, opts: RunnerOptions = {}): JobRunner {
  const run: RunOptions = { worker: opts.worker ?? workerId(), limit: opts.limit ?? 10, leaseMs: opts.leaseMs };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current = Promise.resolve();
  const tick = async () => {
    let busy = false;
    try {
      busy = (await runDueJobs(db, handlers, run)).claimed === run.limit;
    } catch (err) {
      console.error('[mallfront] job runner:', err);
    }
    if (stopped) return;
    timer = setTimeout(
      () => {
        current = tick();
      },
      busy ? 0 : (opts.pollMs ?? 5000),
    );
    timer.unref();
  };
  current = tick();
  return {
    worker: run.worker,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
