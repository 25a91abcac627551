import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, userContext } from '../../../tests/helpers/test-db.ts';
import { mark, marks } from '../../../tests/helpers/write-marks.ts';
import { rateLimitHit, relation } from './schema/index.ts';
import type { Db } from './client.ts';
import { transaction, inTransaction, afterCommit } from './transaction.ts';
import { onChange, invalidate } from '../services/cache.ts';
import { transactOrRefuse } from '../services/auth/transact.ts';
import { ServiceError } from '../services/errors.ts';
import { createRelation } from '../services/relation/create-relation.ts';

beforeAll(async () => {
  await createTestDatabase();
});

const boom = new Error('boom');

describe('transaction()', () => {
  it('alone: commits on return, rolls back on throw', async () => {
    const { db } = await createTestDatabase();
    expect(inTransaction(db)).toBe(false);
    await transaction(db, async (tx) => {
      expect(inTransaction(tx)).toBe(true);
      await mark(tx, 'alone:kept');
    });
    await expect(
      transaction(db, async (tx) => {
        await mark(tx, 'alone:lost');
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await marks(db, 'alone:')).toEqual(['alone:kept']);
  });

  it('nested: the inner writes commit with the outer transaction and roll back with it', async () => {
    const { db } = await createTestDatabase();
    await transaction(db, async (outer) => {
      await mark(outer, 'n1:outer');
      await transaction(outer, (inner) => mark(inner, 'n1:inner'));
    });
    await expect(
      transaction(db, async (outer) => {
        await transaction(outer, (inner) => mark(inner, 'n2:inner'));
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await marks(db, 'n1:')).toEqual(['n1:inner', 'n1:outer']);
    expect(await marks(db, 'n2:')).toEqual([]);
  });

  it('nested: a failing inner call undoes only its own writes when the outer one catches it', async () => {
    const { db } = await createTestDatabase();
    await transaction(db, async (outer) => {
      await mark(outer, 'n3:before');
      await expect(
        transaction(outer, async (inner) => {
          await mark(inner, 'n3:inner');
          throw boom;
        }),
      ).rejects.toBe(boom);
      // Even after a SQL error inside the inner call, the outer transaction goes on (PostgreSQL would otherwise refuse).
      await expect(transaction(outer, (inner) => inner.execute('select * from no_such_table'))).rejects.toThrow();
      await mark(outer, 'n3:after');
    });
    expect(await marks(db, 'n3:')).toEqual(['n3:after', 'n3:before']);
  });

  it('a verb called alone runs in its own transaction, and inside a caller it is undone with the caller', async () => {
    const database = await createTestDatabase();
    const shopper = await userContext(database, 1);
    const favourite = (db: Db) =>
      db
        .select()
        .from(relation)
        .where(and(eq(relation.uid, shopper.user.uid), eq(relation.type, 0), eq(relation.typeId, 3)));
    await expect(
      transaction(database.db, async (tx) => {
        await createRelation({ ...shopper, db: tx }, { type: 0, type_id: 3 });
        expect(await favourite(tx)).toHaveLength(1);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await favourite(database.db)).toHaveLength(0);
    await createRelation(shopper, { type: 0, type_id: 3 });
    expect(await favourite(database.db)).toHaveLength(1);
  });
});

describe('afterCommit() and invalidate() inside a transaction', () => {
  it('waits for the outermost commit, and drops the work of a rolled-back transaction or savepoint', async () => {
    const { db } = await createTestDatabase();
    const seen: string[] = [];
    onChange(db, (changed) => seen.push(...changed));
    await transaction(db, async (outer) => {
      invalidate(outer, ['product:1']);
      await transaction(outer, async (inner) => {
        invalidate(inner, ['product:2']);
        afterCommit(inner, () => seen.push('inner work'));
      });
      await transaction(outer, async (inner) => {
        invalidate(inner, ['product:3']);
        throw boom;
      }).catch(() => {});
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['product:1', 'product:2', 'inner work']);
    await expect(
      transaction(db, async (tx) => {
        invalidate(tx, ['product:4']);
        throw boom;
      }),
    ).rejects.toBe(boom);
    invalidate(db, ['product:5']);
    expect(seen).toEqual(['product:1', 'product:2', 'inner work', 'product:5']);
  });
});

describe('transactOrRefuse()', () => {
  it('alone: a returned refusal commits its trace, then throws; a thrown error rolls back', async () => {
    const { db } = await createTestDatabase();
    const refusal = new ServiceError('refused', '验证码错误');
    await expect(
      transactOrRefuse(db, async (tx) => {
        await mark(tx, 'r1:trace');
        return refusal;
      }),
    ).rejects.toBe(refusal);
    await expect(
      transactOrRefuse(db, async (tx) => {
        await mark(tx, 'r1:lost');
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(
      await transactOrRefuse(db, async (tx) => {
        await mark(tx, 'r1:ok');
        return 7;
      }),
    ).toBe(7);
    expect(await marks(db, 'r1:')).toEqual(['r1:ok', 'r1:trace']);
  });

  it('nested: the refusal trace stays in the outer transaction and shares its fate', async () => {
    const { db } = await createTestDatabase();
    const refuse = (tx: Db, bucket: string) =>
      transactOrRefuse(tx, async (t) => {
        await mark(t, bucket);
        return new ServiceError('refused', 'no');
      });
    await transaction(db, async (outer) => {
      await expect(refuse(outer, 'r2:kept')).rejects.toBeInstanceOf(ServiceError);
    });
    await expect(transaction(db, (outer) => refuse(outer, 'r2:lost'))).rejects.toBeInstanceOf(ServiceError);
    expect(await marks(db, 'r2:')).toEqual(['r2:kept']);
  });
});
