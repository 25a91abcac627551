import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { newShopper, pickSku } from '../../../../tests/helpers/checkout.ts';
import { merchant, presell, product, relation } from '../../db/schema/index.ts';
import { createRelation } from './create-relation.ts';
import { getRelation } from './get-relation.ts';
import { listProductRelations } from './list-product-relations.ts';
import { listMerchantRelations } from './list-merchant-relations.ts';
import { batchDeleteRelations } from './batch-delete-relations.ts';

beforeAll(async () => {
  await createTestDatabase();
});

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
const careCount = async (db: Db, merId: number) =>
  (await db.db.select({ n: merchant.careCount }).from(merchant).where(eq(merchant.merId, merId)))[0]!.n;

describe('favourites lists', () => {
  it('needs a signed-in shopper', async () => {
    const db = await createTestDatabase();
    await expect(listProductRelations(visitorContext(db), {})).rejects.toMatchObject({ message: '请登录' });
    await expect(listMerchantRelations(visitorContext(db), {})).rejects.toMatchObject({ message: '请登录' });
    await expect(batchDeleteRelations(visitorContext(db), { type: 1, type_id: [1] })).rejects.toMatchObject({ message: '请登录' });
  });

  it("lists only the shopper's own favourites, newest first, 12 a page, an off-the-shelf one marked", async () => {
    const db = await createTestDatabase();
    const [me, other] = [await newShopper(db), await newShopper(db)];
    const first = await pickSku(db);
    const second = await pickSku(db, { except: [first.productId] });
    const [pre] = await db.db.select().from(presell).where(eq(presell.status, true)).limit(1);
    await createRelation(me, { type: 0, type_id: first.productId });
    await createRelation(me, { type: 0, type_id: second.productId });
    await createRelation(me, { type: 2, type_id: pre!.productPresellId });
    await createRelation(other, { type: 0, type_id: first.productId });
    await db.db.update(product).set({ status: 0 }).where(eq(product.productId, first.productId));

    const mine = await listProductRelations(me, { page: 1 });
    expect(mine.count).toBe(3);
    expect(mine.list.map((f) => f.type_id)).toEqual([pre!.productPresellId, second.productId, first.productId]);
    expect(mine.list.every((f) => f.uid === me.user.uid)).toBe(true);
    expect(mine.list[1]).toMatchObject({
      type: 0,
      is_fail: 0,
      fail_reason: '',
      spu: { product_id: second.productId, spu_id: second.productId, product_type: 0, stop_time: 0 },
    });
    expect(mine.list[1]!.spu!.price).toMatch(/^\d+\.\d{2}$/);
    expect(mine.list[0]).toMatchObject({
      type: 2,
      spu: { product_id: pre!.productId, product_type: 2, activity_id: pre!.productPresellId },
    });
    expect(mine.list[0]!.spu!.stop_time).toBeGreaterThan(0);
    expect(mine.list[2]).toMatchObject({ is_fail: 1, fail_reason: '已下架', spu: { status: 0 } });
    expect((await listProductRelations(other, {})).count).toBe(1);
    expect((await listProductRelations(me, { page: 2, limit: 2 })).list).toHaveLength(1);
    await expect(listProductRelations(me, { limit: 101 })).rejects.toMatchObject({ status: 400 });
  });

  it('lists followed shops with their followers, a closed one marked', async () => {
    const db = await createTestDatabase();
    const me = await newShopper(db);
    await createRelation(me, { type: 10, type_id: 3 });
    await createRelation(me, { type: 10, type_id: 4 });
    await db.db.update(merchant).set({ status: false }).where(eq(merchant.merId, 3));
    const shops = await listMerchantRelations(me, {});
    expect(shops.count).toBe(2);
    expect(shops.list[0]).toMatchObject({ type: 10, type_id: 4, is_fail: 0, merchant: { mer_id: 4, care_count: await careCount(db, 4) } });
    expect(shops.list[0]!.merchant).toHaveProperty('is_trader');
    expect(shops.list[1]).toMatchObject({ type_id: 3, is_fail: 1, merchant: { status: 0 } });
  });
});

describe('removing several favourites at once', () => {
  it("takes type 1 with product ids, removes only the shopper's own, and ignores the rest", async () => {
    const db = await createTestDatabase();
    const [me, other] = [await newShopper(db), await newShopper(db)];
    const a = await pickSku(db);
    const b = await pickSku(db, { except: [a.productId] });
    const c = await pickSku(db, { except: [a.productId, b.productId] });
    for (const p of [a, b, c]) await createRelation(me, { type: 0, type_id: p.productId });
    await createRelation(other, { type: 0, type_id: a.productId });
    const [pre] = await db.db.select().from(presell).where(eq(presell.status, true)).limit(1);
    await createRelation(me, { type: 2, type_id: pre!.productPresellId });

    expect(await batchDeleteRelations(me, { type: 1, type_id: [a.productId, b.productId, pre!.productId, 999999] })).toEqual({
      removed: 3,
    });
    expect((await listProductRelations(me, {})).list.map((f) => f.type_id)).toEqual([c.productId]);
    expect(await getRelation(other, { type: 0, id: a.productId })).toEqual({ care: true });
    // Again: nothing left to remove.
    expect(await batchDeleteRelations(me, { type: 1, type_id: [a.productId] })).toEqual({ removed: 0 });
    // One id (a number or text) or ids as csv are the list.
    await createRelation(me, { type: 0, type_id: a.productId });
    await createRelation(me, { type: 0, type_id: b.productId });
    expect(await batchDeleteRelations(me, { type: 1, type_id: c.productId })).toEqual({ removed: 1 });
    expect(await batchDeleteRelations(me, { type: 1, type_id: `${a.productId},${b.productId}` })).toEqual({ removed: 2 });
    await createRelation(me, { type: 0, type_id: a.productId });
    expect(await batchDeleteRelations(me, { type: '1', type_id: String(a.productId) })).toEqual({ removed: 1 });
    expect((await listProductRelations(me, {})).count).toBe(0);
    await expect(batchDeleteRelations(me, { type: 1, type_id: '' })).rejects.toMatchObject({ message: '请选择要取消的收藏' });
  });

  it("unfollows shops keeping each shop's follower count right", async () => {
    const db = await createTestDatabase();
    const [me, other] = [await newShopper(db), await newShopper(db)];
    const before = [await careCount(db, 3), await careCount(db, 4)];
    await createRelation(me, { type: 10, type_id: 3 });
    await createRelation(me, { type: 10, type_id: 4 });
    await createRelation(other, { type: 10, type_id: 3 });
    await Promise.all([batchDeleteRelations(me, { type: 10, type_id: [3, 4] }), batchDeleteRelations(me, { type: 10, type_id: [3, 4] })]);
    expect([await careCount(db, 3), await careCount(db, 4)]).toEqual([before[0]! + 1, before[1]]);
    expect(
      await db.db
        .select()
        .from(relation)
        .where(and(eq(relation.uid, me.user.uid))),
    ).toHaveLength(0);
  });

  it('refuses a bad body with a Chinese message', async () => {
    const db = await createTestDatabase();
    const me = await newShopper(db);
    await expect(batchDeleteRelations(me, { type: 1, type_id: [] })).rejects.toMatchObject({ status: 400, message: '请选择要取消的收藏' });
    // Text is a list of ids (one, or csv): 'x' is one id that is none.
    await expect(batchDeleteRelations(me, { type: 1, type_id: 'x' })).rejects.toMatchObject({ status: 400, message: '收藏对象格式不正确' });
    await expect(batchDeleteRelations(me, { type: 1, type_id: { a: 1 } })).rejects.toMatchObject({
      status: 400,
      message: '请选择要取消的收藏',
    });
    await expect(batchDeleteRelations(me, { type: 5, type_id: [1] })).rejects.toMatchObject({ status: 400, message: '收藏类型不正确' });
    await expect(batchDeleteRelations(me, { type: 1, type_id: [-1] })).rejects.toMatchObject({
      status: 400,
      message: '收藏对象格式不正确',
    });
  });
});
