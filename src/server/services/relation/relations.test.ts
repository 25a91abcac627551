import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import { arrivalNotice, merchant, productSku, relation } from '../../db/schema/index.ts';
import { createRelation } from './create-relation.ts';
import { deleteRelation } from './delete-relation.ts';
import { getRelation } from './get-relation.ts';
import { subscribeArrival } from './subscribe-arrival.ts';

// Build the worker's seeded template under the hook timeout, not inside the first test's.
beforeAll(async () => {
  await createTestDatabase();
});

const careCount = async (db: Awaited<ReturnType<typeof createTestDatabase>>, merId: number) =>
  (await db.db.select({ n: merchant.careCount }).from(merchant).where(eq(merchant.merId, merId)))[0]!.n;

describe('favourites and follows', () => {
  it('needs a signed-in shopper', async () => {
    const db = await createTestDatabase();
    await expect(createRelation(visitorContext(db), { type: 0, type_id: 1 })).rejects.toMatchObject({ status: 400, message: '请登录' });
    await expect(deleteRelation(visitorContext(db), { type: 0, type_id: 1 })).rejects.toMatchObject({ status: 400, message: '请登录' });
    expect(await getRelation(visitorContext(db), { type: 10, id: 1 })).toEqual({ care: false });
  });

  it('favourites products, flash-sale offers and presales idempotently', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 1);
    for (const [type, id] of [
      [0, 1],
      [1, 601],
      [2, 1],
    ] as const) {
      await createRelation(user, { type, type_id: id });
      await createRelation(user, { type, type_id: id });
      expect(await getRelation(user, { type, id })).toEqual({ care: true });
      await deleteRelation(user, { type, type_id: id });
      expect(await getRelation(user, { type, id })).toEqual({ care: false });
    }
    // The member's own favourites (the demo history) stay; none of these is left.
    const left = await db.db.select().from(relation).where(eq(relation.uid, 1));
    expect(
      left.filter((r) => (r.type === 0 && r.typeId === 1) || (r.type === 1 && r.typeId === 601) || (r.type === 2 && r.typeId === 1)),
    ).toHaveLength(0);
  });

  it('keeps the shop follower count equal to the follows, in one transaction', async () => {
    const db = await createTestDatabase();
    const before = await careCount(db, 5);
    const [a, b] = [await userContext(db, 1), await userContext(db, 2)];
    await Promise.all([
      createRelation(a, { type: 10, type_id: 5 }),
      createRelation(a, { type: 10, type_id: 5 }),
      createRelation(b, { type: '10', type_id: '5' }),
    ]);
    expect(await careCount(db, 5)).toBe(before + 2);
    await deleteRelation(a, { type: 10, type_id: 5 });
    await deleteRelation(a, { type: 10, type_id: 5 });
    expect(await careCount(db, 5)).toBe(before + 1);
    expect(await getRelation(b, { type: 10, id: 5 })).toEqual({ care: true });
  });

  it('refuses unknown targets and bad types', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 1);
    await expect(createRelation(user, { type: 0, type_id: 601 })).rejects.toMatchObject({ status: 404, message: '商品不存在或已下架' });
    await expect(createRelation(user, { type: 10, type_id: 999 })).rejects.toMatchObject({ status: 404, message: '店铺不存在或已关闭' });
    await expect(createRelation(user, { type: 2, type_id: 999 })).rejects.toMatchObject({ status: 404 });
    await expect(createRelation(user, { type: 3, type_id: 1 })).rejects.toMatchObject({ status: 400, message: '收藏类型不正确' });
    await expect(createRelation(user, { type: 0, type_id: -4 })).rejects.toMatchObject({ status: 400, message: '收藏对象格式不正确' });
    // Coercion read [], false and ' ' as 0: a product favourite.
    for (const type of [[], [0], false, ' ']) {
      await expect(createRelation(user, { type, type_id: 1 }), JSON.stringify(type)).rejects.toMatchObject({
        status: 400,
        message: '收藏类型不正确',
      });
    }
  });
});

describe('arrival notices', () => {
  it('subscribes a shopper to a sold-out SKU only, once', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const [soldOut] = await db.db.select().from(productSku).where(eq(productSku.stock, 0)).limit(1);
    const [inStock] = await db.db.select().from(productSku).where(eq(productSku.unique, 'demo-sku-1'));
    await expect(subscribeArrival(visitorContext(db), { unique: soldOut!.unique, product_id: soldOut!.productId })).rejects.toMatchObject({
      message: '请登录',
    });
    expect(await subscribeArrival(user, { unique: soldOut!.unique, product_id: soldOut!.productId, type: 1 })).toEqual({
      subscribed: true,
    });
    await subscribeArrival(user, { unique: soldOut!.unique, product_id: soldOut!.productId });
    expect(
      await db.db
        .select()
        .from(arrivalNotice)
        .where(and(eq(arrivalNotice.uid, 2), eq(arrivalNotice.status, 0))),
    ).toHaveLength(1);
    await expect(subscribeArrival(user, { unique: inStock!.unique, product_id: 1 })).rejects.toMatchObject({
      status: 400,
      message: '该规格有货，可直接购买',
    });
    await expect(subscribeArrival(user, { unique: soldOut!.unique, product_id: soldOut!.productId + 1 })).rejects.toMatchObject({
      status: 404,
    });
  });
});
