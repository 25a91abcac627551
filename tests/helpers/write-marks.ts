import { like } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { rateLimitHit } from '../../src/server/db/schema/index.ts';

// Visible writes for transaction tests: a rate-limit row per mark (a table with no other rules), read back by prefix.
const T = new Date('2026-01-01T00:00:00Z');

/** Writes the mark `bucket` through `db` (a database or a transaction). */
export const mark = (db: Db, bucket: string) => db.insert(rateLimitHit).values({ bucket, at: T });

/** The marks starting with `prefix` that `db` sees, sorted. */
export const marks = async (db: Db, prefix: string) =>
  (
    await db
      .select({ b: rateLimitHit.bucket })
      .from(rateLimitHit)
      .where(like(rateLimitHit.bucket, `${prefix}%`))
  )
    .map((r) => r.b)
    .sort();
