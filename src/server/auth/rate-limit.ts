import { isIP } from 'node:net';
import { and, count as countRows, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitHit } from '../db/schema/index.ts';

/**
 * The key per-address limits count a client under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4),
 * an IPv6 address by its /64 network. One IPv6 subscriber gets a whole /64, so counting each address alone would let one
 * client rotate through billions of addresses past every per-address limit.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  const hextets = (s: string) =>
    s
      ? s.split(':').flatMap((p) => {
          if (!p.includes('.')) return [p];
          const [a, b, c, d] = p.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const [head = '', tail] = bare.split('::');
  const h = hextets(head);
  const t = tail === undefined ? [] : hextets(tail);
  const full = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return `${full
    .slice(0, 4)
    .map((x) => Number.parseInt(x, 16).toString(16))
    .join(':')}::/64`;
}

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
