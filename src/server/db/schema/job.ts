import { pgTable, text, bigserial, integer, timestamp, jsonb, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Work due later (unpaid orders expiring, automatic receipt, points expiry, refund retries, housekeeping), kept in
 * the database so it survives restarts and runs once with several processes (see src/server/jobs).
 * - `queued`: waits for `run_at`. `running`: claimed by `locked_by` until `locked_until` (a lease: a claimer that
 *   died is replaced once it expires). `done`: finished (purged after a week). `failed`: gave up after
 *   `max_attempts`, kept with `last_error` for an operator to look at.
 * - `key` (optional) is an idempotency key per kind: enqueueing the same (kind, key) again adds nothing.
 */
export const job = pgTable(
  'job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    key: text('key'),
    state: text('state').$type<JobState>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_kind_key_uq').on(t.kind, t.key),
    // What the runner scans: live jobs by due time (done and failed rows stay out of the index).
    index('job_due_idx').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    index('job_state_idx').on(t.state, t.finishedAt),
    check('job_state_ck', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);
