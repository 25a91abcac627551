import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { createTestDatabase, userContext } from '../../../../tests/helpers/test-db.ts';
import { cart, product, productSku } from '../../db/schema/index.ts';
import { createCart } from './create-cart.ts';
import { countCart } from './count-cart.ts';
import { changeCart } from './change-cart.ts';

beforeAll(async () => {
  await createTestDatabase();
});

describe('changeCart', () => {
  it("keeps the quantity rule of add to cart, and leaves others' and checked-out lines alone", async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const numOf = async (id: number) => (await db.db.select().from(cart).where(eq(cart.cartId, id)))[0]?.cartNum;
    const phone = await createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1 }); // at most 5
    expect(await changeCart(user, { id: phone.cart_id, cart_num: 4 })).toEqual({ cart_id: phone.cart_id, cart_num: 4 });
    expect(await countCart(user)).toEqual([{ count: 4 }]);
    await expect(changeCart(user, { id: phone.cart_id, cart_num: 6 })).rejects.toMatchObject({
      status: 400,
      message: '该商品每次最多购买5件',
    });
    // 黑色,M of product 1 has 28 in stock.
    const coat = await createCart(user, { product_id: 1, product_attr_unique: '25c72e57101', cart_num: 1 });
    await expect(changeCart(user, { id: coat.cart_id, cart_num: 29 })).rejects.toMatchObject({ message: '库存不足，最多可购买28件' });
    const [nuts] = await db.db
      .select({ id: product.productId, unique: productSku.unique })
      .from(product)
      .innerJoin(productSku, eq(productSku.productId, product.productId))
      .where(and(eq(product.onceMinCount, 2), eq(product.status, 1), gt(productSku.stock, 10)))
      .limit(1);
    const nutsLine = await createCart(user, { product_id: nuts!.id, product_attr_unique: nuts!.unique, cart_num: 2 });
    await expect(changeCart(user, { id: nutsLine.cart_id, cart_num: 1 })).rejects.toMatchObject({ message: '该商品至少购买2件' });
    expect([await numOf(phone.cart_id), await numOf(coat.cart_id), await numOf(nutsLine.cart_id)]).toEqual([4, 1, 2]);

    // The member's line 1, a buy-now line and an ordered line are not in this shopper's cart.
    const buyNow = await createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1, is_new: 1 });
    await db.db.update(cart).set({ isPay: true }).where(eq(cart.cartId, coat.cart_id));
    for (const id of [1, buyNow.cart_id, coat.cart_id, 424242]) {
      await expect(changeCart(user, { id, cart_num: 2 })).rejects.toMatchObject({ status: 404, message: '购物车商品不存在' });
    }
    expect([await numOf(1), await numOf(buyNow.cart_id), await numOf(coat.cart_id)]).toEqual([2, 1, 1]);
  });

  it('refuses malformed input with a 400 and changes nothing', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 1);
    const cases: [unknown, unknown, string][] = [
      [1, -1, '购买数量不能小于1'],
      [1, 0, '购买数量不能小于1'],
      [1, 1.5, '购买数量不正确'],
      [1, 'lots', '购买数量不正确'],
      [1, true, '购买数量不正确'],
      [1, [2], '购买数量不正确'],
      // Blank text is no quantity: coercion read it as 0 (购买数量不能小于1).
      [1, '', '购买数量不正确'],
      [1, ' ', '购买数量不正确'],
      [1, null, '购买数量不正确'],
      [1, '2\u0000', '参数错误'],
      [1, 100000, '购买数量过大'],
      ['x', 2, '购物车商品格式不正确'],
      [-1, 2, '购物车商品格式不正确'],
      // Coercion read true as 1 and [1] as 1: the shopper's cart line 1 changed.
      [true, 2, '购物车商品格式不正确'],
      [[1], 2, '购物车商品格式不正确'],
      ['1e0', 2, '购物车商品格式不正确'],
    ];
    for (const [id, cart_num, message] of cases) {
      await expect(changeCart(user, { id, cart_num }), `${id} ${cart_num}`).rejects.toMatchObject({ status: 400, message });
    }
    expect(await countCart(user)).toEqual([{ count: 3 }]);
  });
});
