// The embedded database in its own thread, as the server runs it (pglite-thread.ts): the same answers, errors and
// transactions as PGlite called in-process. The money suites run on it too (pglite-thread.money.test.ts).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { createTestDatabase, createThreadTestDatabase } from '../../../tests/helpers/test-db.ts';
import { mark, marks } from '../../../tests/helpers/write-marks.ts';
import { coupon, product, rateLimitHit, users } from './schema/index.ts';
import type { Database, Db } from './client.ts';
import { transaction } from './transaction.ts';
import { isUniqueViolation } from '../services/auth/accounts.ts';
import { openPgliteThread } from './pglite-thread.ts';
import { prepareOnPglite } from './prepared.ts';

let threaded: Database;
let inProcess: Database;
beforeAll(async () => {
  [threaded, inProcess] = await Promise.all([createThreadTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await threaded?.close();
});

const boom = new Error('boom');
/** The rows of a raw query (the shared Db type leaves `execute`'s result open). */
const rows = async (q: Promise<unknown>) => ((await q) as { rows: unknown[] }).rows;

describe('PGlite in its own thread', () => {
  it('answers exactly as PGlite in-process: rows, timestamps, numerics, JSON, arrays and raw SQL', async () => {
    const read = async ({ db }: Database) => ({
      products: await db.select().from(product).where(eq(product.merId, 1)).orderBy(product.productId).limit(5),
      coupons: await db.query.coupon.findMany({ limit: 3, orderBy: coupon.couponId }),
      users: await db.select({ uid: users.uid, createdAt: users.createdAt }).from(users).orderBy(users.uid).limit(3),
      raw: await rows(
        db.execute(
          sql`select 1.50::numeric(10,2) as n, '{"a":[1,2]}'::jsonb as j, array[1,2,3] as a, timestamptz '2026-01-02 03:04:05+00' as t, 'x'::bytea as b`,
        ),
      ),
    });
    const [a, b] = await Promise.all([read(threaded), read(inProcess)]);
    expect(a.products.length).toBe(5);
    expect(a.users[0]!.createdAt).toBeInstanceOf(Date);
    expect(a).toEqual(b);
  });

  it('answers prepared reads (EXECUTE by the simple protocol) with the rows a plain query gets: numerics, timestamps, arrays', async () => {
    const read = ({ db }: Database) => db.select().from(product).where(eq(product.merId, 2)).orderBy(product.productId).limit(4);
    const plain = await read(inProcess);
    expect(plain.length).toBe(4);
    expect(await prepareOnPglite('test:thread-products', read(threaded))).toEqual(plain);
    const prepared = await rows(threaded.db.execute(sql`select statement from pg_prepared_statements`));
    expect(prepared.some((s) => (s as { statement: string }).statement.includes('from "product"'))).toBe(true);
    expect(await read(threaded)).toEqual(plain);
    expect(await read(inProcess)).toEqual(plain);
  });

  it('carries PostgreSQL errors across with their SQLSTATE and fields', async () => {
    const { db } = threaded;
    const [first] = await db.select({ id: product.productId }).from(product).limit(1);
    const err = await db
      .insert(product)
      .values({ productId: first!.id } as typeof product.$inferInsert)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // A NOT NULL violation (23502) on the missing columns, or a unique one (23505) on the id: a SQLSTATE either way.
    expect((err as { cause?: { code?: string } }).cause?.code).toMatch(/^23/);
    const dup = await db.execute(sql`insert into users select * from users where uid = 1`).catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    expect((dup as { cause: { constraint?: string; table?: string } }).cause).toMatchObject({ table: 'users' });
    // The database goes on answering.
    expect(await rows(db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it('holds the database for an open transaction: a query from outside waits for the commit and sees it whole', async () => {
    const { db } = threaded;
    let inside = 'not begun';
    const outside = async () => {
      const seen = await marks(db, 'hold1:');
      return { seen, inside };
    };
    let read!: Promise<{ seen: string[]; inside: string }>;
    await transaction(db, async (tx) => {
      await mark(tx, 'hold1:a');
      read = outside(); // sent while the transaction is open
      await mark(tx, 'hold1:b');
      await tx.execute(sql`select pg_sleep(0)`);
      inside = 'done';
    });
    expect(await read).toEqual({ seen: ['hold1:a', 'hold1:b'], inside: 'done' });
  });

  it('never shows an open transaction’s writes to a query from outside, and rolls back on a throw', async () => {
    const { db } = threaded;
    let read!: Promise<string[]>;
    await expect(
      transaction(db, async (tx) => {
        await mark(tx, 'hold2:lost');
        read = marks(db, 'hold2:');
        await mark(tx, 'hold2:lost too');
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await read).toEqual([]);
    expect(await marks(db, 'hold2:')).toEqual([]);
  });

  it('runs nested transactions as savepoints: a failing inner call, even a SQL error, undoes only its own writes', async () => {
    const { db } = threaded;
    await transaction(db, async (outer) => {
      await mark(outer, 'n:before');
      await expect(
        transaction(outer, async (inner) => {
          await mark(inner, 'n:inner');
          throw boom;
        }),
      ).rejects.toBe(boom);
      await expect(transaction(outer, (inner) => inner.execute(sql`select * from no_such_table`))).rejects.toThrow();
      await mark(outer, 'n:after');
    });
    expect(await marks(db, 'n:')).toEqual(['n:after', 'n:before']);
  });

  it('an explicit rollback ends the transaction; many transactions at once each commit exactly once', async () => {
    const { db } = threaded;
    await db
      .transaction(async (tx) => {
        await mark(tx, 'rb:lost');
        tx.rollback();
      })
      .catch(() => {});
    expect(await marks(db, 'rb:')).toEqual([]);
    // Read-then-write in 20 concurrent transactions: each sees the one before it committed (nothing lost).
    await mark(db, 'count:0');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        transaction(db, async (tx) => {
          const [row] = await tx.select().from(rateLimitHit).where(like(rateLimitHit.bucket, 'count:%'));
          const n = Number(row!.bucket.slice(6));
          await tx
            .update(rateLimitHit)
            .set({ bucket: `count:${n + 1}` })
            .where(eq(rateLimitHit.bucket, row!.bucket));
        }),
      ),
    );
    expect(await marks(db, 'count:')).toEqual(['count:20']);
  });

  it('after close every call fails with a clear error instead of hanging', async () => {
    const thread = await openPgliteThread('memory://');
    expect((await thread.query<{ n: number }>('select 2 as n')).rows).toEqual([{ n: 2 }]);
    await thread.close();
    await expect(thread.query('select 1')).rejects.toThrow(/database thread/);
  });

  it('says why it could not open the database', async () => {
    await expect(openPgliteThread('/proc/no-such-dir/pglite')).rejects.toThrow();
  });
});
