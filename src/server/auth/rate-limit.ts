import { and, count as countRows, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitHit } from '../db/schema/index.ts';

/** Longest window any limit uses (daily caps); older hits are pruned. */
const MAX_WINDOW_SECONDS = 86400;

const since = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Database-backed rate limiting, so limits hold across server processes. A bucket is a name such as
 * `sms:phone:86-13800138000`; each counted event is one row.
 */
export async function hit(db: Db, bucket: string, now = new Date()): Promise<number> {
  const [row] = await db.insert(rateLimitHit).values({ bucket, at: now }).returning({ id: rateLimitHit.id });
  // Pruning only this bucket keeps the write cheap (index on bucket, at) and the table bounded.
  await db.delete(rateLimitHit).where(and(eq(rateLimitHit.bucket, bucket), lt(rateLimitHit.at, since(now, MAX_WINDOW_SECONDS))));
  return row!.id;
}

/** Takes back hits counted ahead of an outcome (a reserved login attempt that succeeded). */
export async function unhit(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(rateLimitHit).where(inArray(rateLimitHit.id, ids));
}

/** Hits in the bucket during the last `windowSeconds`. */
export async function count(db: Db, bucket: string, windowSeconds: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(rateLimitHit)
    .where(and(eq(rateLimitHit.bucket, bucket), gt(rateLimitHit.at, since(now, windowSeconds))));
  return row?.n ?? 0;
}

/** Time of the bucket's latest hit, or null. */
export async function latest(db: Db, bucket: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: rateLimitHit.at })
    .from(rateLimitHit)
    .where(eq(rateLimitHit.bucket, bucket))
    .orderBy(desc(rateLimitHit.at))
    .limit(1);
  return row?.at ?? null;
}

/** Forgets a bucket (an account's failed logins after a successful one). */
export async function clear(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimitHit).where(eq(rateLimitHit.bucket, bucket));
}

/**
 * Serialises check-then-hit sequences on one key across processes until the transaction ends
 * (a PostgreSQL advisory lock; call it inside `db.transaction`).
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
