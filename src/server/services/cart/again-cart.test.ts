import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, userContext } from '../../../../tests/helpers/test-db.ts';
import { cart } from '../../db/schema/index.ts';
import { countCart } from './count-cart.ts';
import { againCart } from './again-cart.ts';

beforeAll(async () => {
  await createTestDatabase();
});

describe('againCart', () => {
  it('makes a buy-now line for every item, or none when one item cannot be bought', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const lines = async () => db.db.select().from(cart).where(eq(cart.uid, 2)).orderBy(cart.cartId);
    const coat = { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 1 };
    const phone = { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 2 };

    const refusals: [unknown, number, string][] = [
      [[coat, { ...phone, cart_num: 6 }], 400, '该商品每次最多购买5件'],
      [[coat, { ...phone, cart_num: 3 }, { ...phone, cart_num: 3 }], 400, '该商品每次最多购买5件'], // 6 of one SKU together
      [[coat, { ...coat, product_attr_unique: '05888f69109' }], 400, '该规格已售罄'],
      [[coat, { ...coat, product_attr_unique: 'demo-sku-2' }], 400, '商品规格不存在'],
      [[coat, { ...coat, product_id: 601 }], 404, '商品不存在或已下架'], // a flash-sale row is not bought again as such
      [[], 400, '请选择商品'],
      ['x', 400, '请选择商品'],
      [[coat, { ...phone, cart_num: -1 }], 400, '购买数量不能小于1'],
      [[coat, { ...phone, cart_num: 1.5 }], 400, '购买数量不正确'],
      [[coat, { ...phone, cart_num: 'two' }], 400, '购买数量不正确'],
      [[coat, { ...phone, product_attr_unique: 'demo\u0000' }], 400, '参数错误'],
      [[coat, 'phone'], 400, '商品信息不正确'],
      [Array.from({ length: 101 }, () => coat), 400, '一次最多选择100件商品'],
    ];
    for (const [data, status, message] of refusals) {
      await expect(againCart(user, { data }), JSON.stringify(data).slice(0, 80)).rejects.toMatchObject({ status, message });
    }
    expect(await lines()).toEqual([]);

    const { cart_id } = await againCart(user, { data: [phone, coat] });
    expect(cart_id).toHaveLength(2);
    expect((await lines()).map((l) => [l.cartId, l.productId, l.cartNum, l.isNew])).toEqual([
      [cart_id[0], 2, 2, true],
      [cart_id[1], 1, 1, true],
    ]);
    expect(await countCart(user)).toEqual([{ count: 0 }]); // buy-now lines, not in the cart
  });
});
