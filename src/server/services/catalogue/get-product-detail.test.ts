import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { merchant, product, productSku, systemConfig } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { invalidate } from '../cache.ts';
import { maxPointsCents } from './product-detail.ts';
import { resolveSku, defaultSelection, disabledValues, skuKey } from '../../../shared/sku.ts';
import { getProductDetail } from './get-product-detail.ts';
import { getPriceRule } from './get-price-rule.ts';
import { createRelation } from '../relation/create-relation.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('getProductDetail', () => {
  it('gives the product with specs, a SKU map keyed by joined values and the shop card', async () => {
    const d = await getProductDetail(visitorContext(db), { id: 1 });
    expect(d).toMatchObject({
      product_id: 1,
      product_type: 0,
      isRelation: false,
      merchant: { mer_id: 1, is_trader: 1, type_name: '自营' },
    });
    expect(d.attr.length).toBe(2);
    const keys = Object.keys(d.sku);
    expect(keys.every((k) => k.split(',').length === 2)).toBe(true);
    const first = d.sku[keys[0]!]!;
    expect(first).toMatchObject({ unique: 'demo-sku-1', price: expect.stringMatching(/^\d+\.\d\d$/) });
    expect(first.stock).toBeGreaterThan(0);
    expect(d.cate_path.map((c) => c.cate_name)).toEqual(['服饰', '男装', '羽绒服']);
    expect(d.params.map((p) => p.name)).toEqual(['材质', '风格', '适用季节', '版型']);
    expect(d.guaranteeTemplate.guarantee[0]!.guarantee_name).toBe('商城自营');
    expect(d.merchant.recommend.length).toBeGreaterThan(0);
    expect(d.merchant.recommend.some((p) => p.product_id === 1)).toBe(false);
    expect(d.price).toBe(
      Object.values(d.sku)
        .map((s) => s.price)
        .sort((a, b) => Number(a) - Number(b))[0],
    );
  });

  it('gives a SKU map the shared picker helpers can use', async () => {
    const d = await getProductDetail(visitorContext(db), { id: 1 });
    const selected = defaultSelection(d.attr, d.sku);
    expect(resolveSku(d.attr, d.sku, selected)?.unique).toBe('demo-sku-1');
    // Sell out every SKU of the first colour: that colour becomes disabled.
    const own = await createTestDatabase();
    const colour = d.attr[0]!.attr_values[0]!;
    for (const size of d.attr[1]!.attr_values) {
      await own.db
        .update(productSku)
        .set({ stock: 0 })
        .where(eq(productSku.sku, skuKey([colour, size])));
    }
    const after = await getProductDetail(visitorContext(own), { id: 1 });
    expect(disabledValues(after.attr, after.sku)[0]).toEqual([colour]);
    expect(defaultSelection(after.attr, after.sku)[0]).not.toBe(colour);
  });

  it('shows whether the signed-in shopper favourited it', async () => {
    const own = await createTestDatabase();
    const user = await userContext(own, 1);
    await createRelation(user, { type: 0, type_id: 3 });
    expect((await getProductDetail(user, { id: 3 })).isRelation).toBe(true);
    expect((await getProductDetail(visitorContext(own), { id: 3 })).isRelation).toBe(false);
  });

  it('is a 404 for unknown, off-shelf, activity-only and closed-shop products', async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    const gone = { status: 404, message: '商品不存在或已下架' };
    await expect(getProductDetail(ctx, { id: 999999 })).rejects.toMatchObject(gone);
    await expect(getProductDetail(ctx, { id: 601 })).rejects.toMatchObject(gone); // a flash-sale row
    await own.db.update(product).set({ status: 0 }).where(eq(product.productId, 3));
    await expect(getProductDetail(ctx, { id: 3 })).rejects.toMatchObject(gone);
    await own.db.update(merchant).set({ status: false }).where(eq(merchant.merId, 4));
    await expect(getProductDetail(ctx, { id: 4 })).rejects.toMatchObject(gone);
  });

  it('refuses malformed ids with a 400', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      await expect(getProductDetail(visitorContext(db), { id })).rejects.toMatchObject({ status: 400, message: '商品格式不正确' });
    }
  });
});

describe('getPriceRule', () => {
  it('gives the nearest category rule, else the mall default', async () => {
    const ctx = visitorContext(db);
    expect((await getPriceRule(ctx, { cate_id: 25 })).rule_name).toBe('数码价格说明');
    expect((await getPriceRule(ctx, { cate_id: 9 })).rule_name).toBe('数码价格说明');
    expect((await getPriceRule(ctx, { cate_id: 9999 })).rule_name).toBe('价格说明');
    expect((await getPriceRule(ctx, { cate_id: 30 })).content).toContain('划线价格');
  });
});

describe('max_integral (the points hint of the product page)', () => {
  it('is what checkout lets points pay of one piece: integral_max_rate % of the price in whole points; 0 when points are off', async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    const d = await getProductDetail(ctx, { id: 1 });
    const cents = Math.round(Number(d.price) * 100);
    // The defaults: points on, at most 50 %, a point is worth 1 cent.
    expect(d.max_integral).toBe(toYuan(Math.floor(cents / 2)));
    expect(maxPointsCents(1999, { integralOpen: true, integralMaxRate: 30, centsPerPoint: 10 })).toBe(590);

    await own.db
      .insert(systemConfig)
      .values({ key: 'integral_status', value: 0 })
      .onConflictDoUpdate({ target: systemConfig.key, set: { value: 0 } });
    invalidate(own.db, ['site']);
    expect((await getProductDetail(ctx, { id: 1 })).max_integral).toBe('0.00');
  });
});
