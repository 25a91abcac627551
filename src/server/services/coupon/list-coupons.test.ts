import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { coupon, product } from '../../db/schema/index.ts';
import { parseYuan } from '../../../shared/money.ts';
import { listCoupons } from './list-coupons.ts';
import { listProductCoupons } from './list-product-coupons.ts';
import { listMerchantCoupons } from './list-merchant-coupons.ts';
import { listCouponProducts } from './list-coupon-products.ts';
import { claimCoupon } from './claim-coupon.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('coupon centre', () => {
  it('lists claimable coupons 15 per page with type chips', async () => {
    const ctx = visitorContext(db);
    const all = await listCoupons(ctx, { product: 1 });
    expect(all.list).toHaveLength(15);
    expect(all.count).toBe(34); // 36 seeded, minus the two outside their claim window
    expect(all.list.map((c) => c.coupon_id)).not.toContain(9);
    expect(all.list[0]).toMatchObject({
      coupon_id: 1,
      type: 10,
      type_label: '通用券',
      coupon_price: '20.00',
      use_min_price: '199.00',
      issue: false,
    });
    expect(all.list[0]!.ProductLst!.length).toBeGreaterThan(0);
    for (const type of [0, 1, 10, 11, 12]) {
      const page = await listCoupons(ctx, { type, limit: 100 });
      expect(page.count, String(type)).toBeGreaterThan(0);
      expect(page.list.every((c) => c.type === type)).toBe(true);
    }
    await expect(listCoupons(ctx, { type: 5 })).rejects.toMatchObject({ status: 400, message: '优惠券类型不正确' });
  });

  it('marks the coupons the shopper claimed', async () => {
    const own = await createTestDatabase();
    const user = await userContext(own, 1);
    await claimCoupon(user, { id: 2 });
    const list = (await listCoupons(user, { type: 10 })).list;
    expect(list.find((c) => c.coupon_id === 2)).toMatchObject({ issue: true, can_claim: false });
    expect(list.find((c) => c.coupon_id === 1)).toMatchObject({ issue: false, can_claim: true });
  });

  it('drops sold-out coupons', async () => {
    const own = await createTestDatabase();
    await own.db.update(coupon).set({ remainCount: 0 }).where(eq(coupon.couponId, 3));
    expect((await listCoupons(visitorContext(own), { type: 10 })).list.map((c) => c.coupon_id)).not.toContain(3);
  });
});

describe('coupons of a product and a shop', () => {
  it('gives product coupons for a product and shop coupons for its shop', async () => {
    const ctx = visitorContext(db);
    const productCoupons = await listProductCoupons(ctx, { ids: '5' });
    expect(productCoupons.map((c) => [c.coupon_id, c.type])).toEqual([[31, 1]]);
    expect((await listMerchantCoupons(ctx, { id: 5 })).map((c) => c.type)).toEqual([0]);
    expect((await listMerchantCoupons(ctx, { id: 5, all: 1 })).map((c) => c.type).sort()).toEqual([0, 1]);
    expect(await listProductCoupons(ctx, { ids: '' })).toEqual([]);
  });
});

describe('products a coupon applies to', () => {
  it('follows each coupon type', async () => {
    const ctx = visitorContext(db);
    const shop = await listCouponProducts(ctx, { coupon_id: 15, limit: 100 }); // shop 5
    expect(shop.coupon).toMatchObject({ coupon_id: 15, coupon_price: expect.any(String) });
    expect(shop.list.every((p) => p.mer_id === 5)).toBe(true);
    const single = await listCouponProducts(ctx, { coupon_id: 31 });
    expect(single.count).toBeGreaterThan(0);
    expect(single.list.every((p) => [5, 25, 45, 65, 85].includes(p.product_id))).toBe(true);
    const digital = await listCouponProducts(ctx, { coupon_id: 4, limit: 100 });
    expect(digital.list.every((p) => p.cate_id >= 25 && p.cate_id <= 29)).toBe(true);
    const cross = await listCouponProducts(ctx, { coupon_id: 7, limit: 100 });
    expect(cross.list.every((p) => [5, 7, 12, 14, 16].includes(p.mer_id))).toBe(true);
    const general = await listCouponProducts(ctx, { coupon_id: 1 });
    expect(general.count).toBeGreaterThan(500);
  });

  it('applies the list filters and sorts', async () => {
    const ctx = visitorContext(db);
    const page = await listCouponProducts(ctx, { coupon_id: 1, price_on: 100, price_off: 200, order: 'price_asc', limit: 50 });
    const prices = page.list.map((p) => parseYuan(p.price)!);
    expect(prices.every((c) => c >= 10000 && c <= 20000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const rows = await db.db.select({ id: product.productId }).from(product).where(eq(product.brandId, 1));
    const brand = await listCouponProducts(ctx, { coupon_id: 1, brand_id: '1', limit: 100 });
    expect(brand.list.every((p) => rows.some((r) => r.id === p.product_id))).toBe(true);
  });

  it('is a 404 for an unknown coupon and a 400 for a bad id', async () => {
    const ctx = visitorContext(db);
    await expect(listCouponProducts(ctx, { coupon_id: 9999 })).rejects.toMatchObject({ status: 404, message: '优惠券不存在或已下架' });
    await expect(listCouponProducts(ctx, { coupon_id: 'abc' })).rejects.toMatchObject({ status: 400 });
  });
});
