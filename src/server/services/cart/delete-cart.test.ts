import { describe, it, expect, beforeAll } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase, userContext } from '../../../../tests/helpers/test-db.ts';
import { cart } from '../../db/schema/index.ts';
import { createCart } from './create-cart.ts';
import { countCart } from './count-cart.ts';
import { deleteCart } from './delete-cart.ts';

beforeAll(async () => {
  await createTestDatabase();
});

describe('deleteCart', () => {
  it("deletes the shopper's own unpaid lines among the ids and never another's", async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const idsLeft = async (ids: number[]) =>
      (await db.db.select({ id: cart.cartId }).from(cart).where(inArray(cart.cartId, ids))).map((r) => r.id).sort((a, b) => a - b);
    const a = await createCart(user, { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 2 });
    const b = await createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1 });
    const paid = await createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1, is_new: 1 });
    await db.db.update(cart).set({ isPay: true }).where(eq(cart.cartId, paid.cart_id));

    // Bad input first: nothing is deleted.
    const cases: [unknown, string][] = [
      [[], '请选择购物车商品'],
      ['', '请选择购物车商品'],
      [',', '请选择购物车商品'],
      [{ 0: 1 }, '请选择购物车商品'],
      [true, '请选择购物车商品'],
      [undefined, '请选择购物车商品'],
      ['abc', '购物车商品格式不正确'],
      [['abc'], '购物车商品格式不正确'],
      [[a.cart_id, -1], '购物车商品格式不正确'],
      [[a.cart_id, 1.5], '购物车商品格式不正确'],
      [[`${a.cart_id}\u0000`], '参数错误'],
      [Array.from({ length: 101 }, (_, i) => i + 1), '一次最多选择100件商品'],
    ];
    for (const [cart_id, message] of cases) {
      await expect(deleteCart(user, { cart_id }), JSON.stringify(cart_id)).rejects.toMatchObject({ status: 400, message });
    }
    expect(await countCart(user)).toEqual([{ count: 3 }]);

    expect(await deleteCart(user, { cart_id: [1, a.cart_id, paid.cart_id, 424242] })).toEqual({ cart_id: [a.cart_id] });
    expect(await idsLeft([1, 2, a.cart_id, b.cart_id, paid.cart_id])).toEqual([1, 2, b.cart_id, paid.cart_id]);
    expect(await countCart(user)).toEqual([{ count: 1 }]);
    await expect(deleteCart(user, { cart_id: [1, 2, a.cart_id] })).rejects.toMatchObject({ status: 404, message: '购物车商品不存在' });
    expect(await idsLeft([1, 2])).toEqual([1, 2]);
  });

  it('takes one id (a number or text) or ids as csv for the list, as the reference client may send them', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const line = async () => (await createCart(user, { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 1, is_new: 1 })).cart_id;
    const [a, b, c, d] = [await line(), await line(), await line(), await line()];
    expect(await deleteCart(user, { cart_id: a })).toEqual({ cart_id: [a] });
    expect(await deleteCart(user, { cart_id: String(b) })).toEqual({ cart_id: [b] });
    expect((await deleteCart(user, { cart_id: ` ${c}, ${d} ` })).cart_id.sort((x, y) => x - y)).toEqual([c, d]);
  });
});
