import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { cart, presell, product, productSku } from '../../db/schema/index.ts';
import { createCart } from './create-cart.ts';
import { countCart } from './count-cart.ts';
import { listSeckillProducts } from '../promotion/list-seckill-products.ts';
import { mallDate } from '../dates.ts';
import { BALANCE_PRESELL_ID } from '../../db/seed/catalogue-promotions.ts';

// Build the worker's seeded template under the hook timeout, not inside the first test's.
beforeAll(async () => {
  await createTestDatabase();
});

afterEach(() => {
  vi.useRealTimers();
});

/** An in-stock SKU of a visible normal product of a leaf category. */
async function skuIn(db: Database, cateId: number, minStock = 10) {
  const [row] = await db.db
    .select({ productId: product.productId, unique: productSku.unique, stock: productSku.stock })
    .from(productSku)
    .innerJoin(product, eq(product.productId, productSku.productId))
    .where(and(eq(product.cateId, cateId), eq(product.status, 1), eq(product.productType, 0), gt(productSku.stock, minStock)))
    .orderBy(product.productId)
    .limit(1);
  return row!;
}

describe('createCart: add to cart and buy now', () => {
  it('needs a signed-in shopper', async () => {
    const db = await createTestDatabase();
    await expect(createCart(visitorContext(db), { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 1 })).rejects.toMatchObject({
      status: 400,
      message: '请登录',
    });
  });

  it('merges add-to-cart with the existing line of the same SKU, and the count rises', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 1);
    expect(await countCart(user)).toEqual([{ count: 3 }]);
    expect(await createCart(user, { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 2, is_new: 0 })).toEqual({ cart_id: 1 });
    expect(await countCart(user)).toEqual([{ count: 5 }]);
    const buyNow = await createCart(user, { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 1, is_new: 1, product_type: 0 });
    expect(buyNow.cart_id).toBeGreaterThan(2);
    expect(await countCart(user)).toEqual([{ count: 5 }]); // buy-now lines never show in the cart
  });

  it('makes one line for two quick clicks', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const s = await skuIn(db, 30);
    const [a, b] = await Promise.all(
      [1, 2].map(() => createCart(user, { product_id: s.productId, product_attr_unique: s.unique, cart_num: 1 })),
    );
    expect(a!.cart_id).toBe(b!.cart_id);
    expect(await countCart(user)).toEqual([{ count: 2 }]);
  });

  it('checks that the SKU belongs to the product and has stock', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    await expect(createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-1', cart_num: 1 })).rejects.toMatchObject({
      status: 400,
      message: '商品规格不存在',
    });
    const [soldOut] = await db.db
      .select()
      .from(productSku)
      .innerJoin(product, eq(product.productId, productSku.productId))
      .where(and(eq(productSku.stock, 0), eq(product.productType, 0), eq(product.status, 1)))
      .limit(1);
    await expect(
      createCart(user, { product_id: soldOut!.product_sku.productId, product_attr_unique: soldOut!.product_sku.unique, cart_num: 1 }),
    ).rejects.toMatchObject({ status: 400, message: '该规格已售罄' });
    await expect(createCart(user, { product_id: 424242, product_attr_unique: 'x', cart_num: 1 })).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the quantity within stock, also after merging', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const s = await skuIn(db, 31, 5);
    await expect(createCart(user, { product_id: s.productId, product_attr_unique: s.unique, cart_num: s.stock + 1 })).rejects.toMatchObject(
      { status: 400, message: `库存不足，最多可购买${s.stock}件` },
    );
    await createCart(user, { product_id: s.productId, product_attr_unique: s.unique, cart_num: s.stock });
    await expect(createCart(user, { product_id: s.productId, product_attr_unique: s.unique, cart_num: 1 })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('keeps the once_min_count and once_max_count of the product', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const nuts = await skuIn(db, 35); // at least 2 per order
    await expect(createCart(user, { product_id: nuts.productId, product_attr_unique: nuts.unique, cart_num: 1 })).rejects.toMatchObject({
      message: '该商品至少购买2件',
    });
    expect((await createCart(user, { product_id: nuts.productId, product_attr_unique: nuts.unique, cart_num: 2 })).cart_id).toBeGreaterThan(
      0,
    );
    const phone = await skuIn(db, 25); // at most 5 per order
    await expect(createCart(user, { product_id: phone.productId, product_attr_unique: phone.unique, cart_num: 6 })).rejects.toMatchObject({
      message: '该商品每次最多购买5件',
    });
  });

  it('refuses malformed input', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const base = { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 1 };
    await expect(createCart(user, { ...base, cart_num: 0 })).rejects.toMatchObject({ status: 400, message: '购买数量不能小于1' });
    await expect(createCart(user, { ...base, cart_num: 'lots' })).rejects.toMatchObject({ status: 400, message: '购买数量不正确' });
    await expect(createCart(user, { ...base, product_attr_unique: '' })).rejects.toMatchObject({ status: 400, message: '请选择商品规格' });
    await expect(createCart(user, { ...base, product_type: 7 })).rejects.toMatchObject({ status: 400, message: '商品类型不正确' });
    // Coercion read [] and ' ' as 0 (an ordinary product, added to the cart) and true as 1; is_new takes a boolean.
    for (const v of [[], [0], ' ', true]) {
      await expect(createCart(user, { ...base, product_type: v }), JSON.stringify(v)).rejects.toMatchObject({
        status: 400,
        message: '商品类型不正确',
      });
    }
    for (const v of [[], [0], ' ', {}]) {
      await expect(createCart(user, { ...base, is_new: v }), JSON.stringify(v)).rejects.toMatchObject({ status: 400, message: '参数错误' });
    }
    expect(await countCart(user)).toEqual([{ count: 0 }]);
  });
});

describe('createCart: flash sales and presales', () => {
  it('buys a running flash-sale offer at once only, within its per-order limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${mallDate(new Date())}T10:30:00+08:00`));
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const offers = (await listSeckillProducts(visitorContext(db), {})).list;
    const offer = offers.find((o) => o.stock > 0)!;
    const [sku] = await db.db
      .select()
      .from(productSku)
      .where(and(eq(productSku.productId, offer.product_id), gt(productSku.stock, 0)))
      .limit(1);
    const line = { product_id: offer.product_id, product_attr_unique: sku!.unique, product_type: 1 };
    await expect(createCart(user, { ...line, cart_num: 1, is_new: 0 })).rejects.toMatchObject({ message: '活动商品请直接购买' });
    await expect(createCart(user, { ...line, cart_num: offer.once_pay_count + 1, is_new: 1 })).rejects.toMatchObject({
      message: `该商品每次最多购买${offer.once_pay_count}件`,
    });
    expect((await createCart(user, { ...line, cart_num: 1, is_new: 1 })).cart_id).toBeGreaterThan(0);
    const later = (await listSeckillProducts(visitorContext(db), { start_time: 20 })).list[0]!;
    const [laterSku] = await db.db.select().from(productSku).where(eq(productSku.productId, later.product_id)).limit(1);
    await expect(
      createCart(user, { product_id: later.product_id, product_attr_unique: laterSku!.unique, cart_num: 1, is_new: 1, product_type: 1 }),
    ).rejects.toMatchObject({ message: '秒杀活动尚未开始' });
  });

  it('buys a presale in progress by its presell id, and refuses others', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const rows = await db.db.select().from(presell).orderBy(presell.productPresellId);
    // An ended presale holds no stock (what it did not sell went back to its product): any of its SKUs then.
    const skuOf = async (productId: number, inStock = true) =>
      (
        await db.db
          .select()
          .from(productSku)
          .where(and(eq(productSku.productId, productId), inStock ? gt(productSku.stock, 0) : undefined))
          .limit(1)
      )[0]!;
    const running = rows.find((r) => r.startTime.getTime() < Date.now() && r.endTime.getTime() > Date.now())!;
    const s = await skuOf(running.productId);
    const { cart_id } = await createCart(user, {
      product_id: running.productPresellId,
      product_attr_unique: s.unique,
      cart_num: 1,
      is_new: 1,
      product_type: 2,
    });
    expect(
      (
        await db.db
          .select()
          .from(cart)
          .where(inArray(cart.cartId, [cart_id]))
      )[0],
    ).toMatchObject({ productId: running.productId, isNew: true });
    const upcoming = rows.find((r) => r.startTime.getTime() > Date.now())!;
    await expect(
      createCart(user, {
        product_id: upcoming.productPresellId,
        product_attr_unique: (await skuOf(upcoming.productId)).unique,
        cart_num: 1,
        is_new: 1,
        product_type: 2,
      }),
    ).rejects.toMatchObject({ message: '预售活动尚未开始' });
    const ended = rows.find((r) => r.endTime.getTime() < Date.now() && r.productPresellId !== BALANCE_PRESELL_ID)!;
    await expect(
      createCart(user, {
        product_id: ended.productPresellId,
        product_attr_unique: (await skuOf(ended.productId, false)).unique,
        cart_num: 1,
        is_new: 1,
        product_type: 2,
      }),
    ).rejects.toMatchObject({ message: '预售活动已结束' });
  });
});
