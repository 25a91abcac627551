import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { cart, merchant, product, productSku } from '../../db/schema/index.ts';
import { createCart } from './create-cart.ts';
import { listCart } from './list-cart.ts';
import { mallDate } from '../dates.ts';

beforeAll(async () => {
  await createTestDatabase();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The first in-stock SKU of a product. */
async function skuOf(db: Database, productId: number) {
  const [row] = await db.db
    .select()
    .from(productSku)
    .where(and(eq(productSku.productId, productId), gt(productSku.stock, 0)))
    .orderBy(productSku.unique)
    .limit(1);
  return row!;
}

describe('listCart', () => {
  it('groups the cart lines by shop, newest shop and line first, with the coupons the shopper can claim there', async () => {
    const db = await createTestDatabase();
    await expect(listCart(visitorContext(db))).rejects.toMatchObject({ status: 400, message: '请登录' });
    const user = await userContext(db, 2);
    expect(await listCart(user)).toEqual({ list: [], fail: [] });
    const other = await skuOf(db, 1);
    const a = await createCart(user, { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 2 });
    const b = await createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1 });
    const c = await createCart(user, { product_id: 1, product_attr_unique: other.unique, cart_num: 1 });
    await createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1, is_new: 1 }); // buy now: not listed

    const { list, fail } = await listCart(user);
    expect(fail).toEqual([]);
    expect(list.map((g) => [g.mer_id, g.list.map((l) => l.cart_id)])).toEqual([
      [1, [c.cart_id, a.cart_id]],
      [2, [b.cart_id]],
    ]);
    const [shop] = list;
    expect(shop).toMatchObject({ mer_name: 'Mallfront自营旗舰店', is_trader: 1 });
    expect(shop!.coupon.map((x) => x.coupon_id)).toContain(11);
    expect(shop!.coupon.every((x) => x.mer_id === 1 && x.can_claim)).toBe(true);
    expect(shop!.list[1]).toEqual({
      cart_id: a.cart_id,
      cart_num: 2,
      product_id: 1,
      product_type: 0,
      product_attr_unique: 'demo-sku-1',
      product: expect.objectContaining({ store_name: expect.any(String), unit_name: expect.any(String), status: 1, once_min_count: 0 }),
      productAttr: {
        sku: '黑色,S',
        unique: 'demo-sku-1',
        price: '979.00',
        ot_price: '1550.00',
        stock: 415,
        image: '/media/p1-1.svg',
        show_svip_price: false,
        svip_price: '979.00',
      },
    });
    expect(list[1]!.list[0]!.product.once_max_count).toBe(5);
  });

  it('lists lines that cannot be bought now apart, each with its reason', async () => {
    // 03:30 mall time: the 00:00-02:00 flash-sale session of offer 601 is over for the day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${mallDate(new Date())}T03:30:00+08:00`));
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const add = async (productId: number) => {
      const s = await skuOf(db, productId);
      return { ...(await createCart(user, { product_id: productId, product_attr_unique: s.unique, cart_num: 1 })), unique: s.unique };
    };
    const [off, soldOut, skuGone, closed, fine] = [await add(3), await add(4), await add(5), await add(6), await add(7)];
    const flash = await skuOf(db, 601);
    const [seckill, deleted] = await db.db
      .insert(cart)
      .values([
        { uid: 2, productId: 601, productAttrUnique: flash.unique, cartNum: 1 },
        { uid: 2, productId: 424242, productAttrUnique: 'gone', cartNum: 1 },
      ])
      .returning();
    await db.db.update(product).set({ status: 0 }).where(eq(product.productId, 3));
    await db.db.update(productSku).set({ stock: 0 }).where(eq(productSku.unique, soldOut.unique));
    await db.db.delete(productSku).where(eq(productSku.unique, skuGone.unique));
    await db.db.update(merchant).set({ status: false }).where(eq(merchant.merId, 6));

    const { list, fail } = await listCart(user);
    expect(list.map((g) => g.list.map((l) => l.cart_id))).toEqual([[fine.cart_id]]);
    expect(Object.fromEntries(fail.map((f) => [f.cart_id, f.reason]))).toEqual({
      [off.cart_id]: '商品已下架',
      [soldOut.cart_id]: '已售罄',
      [skuGone.cart_id]: '规格已失效',
      [closed.cart_id]: '店铺已关闭',
      [seckill!.cartId]: '秒杀已结束',
      [deleted!.cartId]: '商品已删除',
    });
    const flashLine = fail.find((f) => f.cart_id === seckill!.cartId)!;
    expect(flashLine).toMatchObject({ product_type: 1, product: { status: 1, once_max_count: 1 }, productAttr: { unique: flash.unique } });
    expect(fail.find((f) => f.cart_id === skuGone.cart_id)!.productAttr).toBeNull();
  });
});
