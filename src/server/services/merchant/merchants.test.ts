import { describe, it, expect, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { merchant } from '../../db/schema/index.ts';
import { listMerchants } from './list-merchants.ts';
import { getMerchant } from './get-merchant.ts';
import { listMerchantProductCategories } from './list-merchant-product-categories.ts';
import { listMerchantProducts } from './list-merchant-products.ts';
import { getMerchantLicences } from './get-merchant-licences.ts';
import { createRelation } from '../relation/create-relation.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('shop street and shop search', () => {
  it('lists open shops 10 per page with three best sellers each', async () => {
    const page = await listMerchants(visitorContext(db), {});
    expect(page.count).toBe(20);
    expect(page.list).toHaveLength(10);
    expect(page.list[0]).toMatchObject({ mer_id: 1, is_trader: 1, type_name: '自营', is_best: 1 });
    for (const shop of page.list) {
      expect(shop.recommend.length).toBeLessThanOrEqual(3);
      expect(shop.recommend.every((p) => p.mer_id === shop.mer_id)).toBe(true);
    }
    const sales = page.list[0]!.recommend.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('searches, filters and sorts shops', async () => {
    const ctx = visitorContext(db);
    expect((await listMerchants(ctx, { keyword: '旗舰' })).list.every((m) => m.mer_name.includes('旗舰'))).toBe(true);
    expect((await listMerchants(ctx, { keyword: '数码', limit: 3 })).count).toBeGreaterThanOrEqual(3);
    expect((await listMerchants(ctx, { type_id: '1,3', limit: 100 })).list.every((m) => ['旗舰店', '专卖店'].includes(m.type_name))).toBe(
      true,
    );
    expect((await listMerchants(ctx, { is_best: 1, limit: 2 })).list.every((m) => m.is_best === 1)).toBe(true);
    expect((await listMerchants(ctx, { category_id: 1, limit: 100 })).count).toBeGreaterThanOrEqual(3);
    const care = (await listMerchants(ctx, { order: 'care_count', limit: 100 })).list.map((m) => m.care_count);
    expect(care).toEqual([...care].sort((a, b) => b - a));
    const rate = (await listMerchants(ctx, { order: 'rate', limit: 100 })).list.map((m) => m.score);
    expect(rate).toEqual([...rate].sort((a, b) => b - a));
    expect((await listMerchants(ctx, { order: 'sales' })).list).toHaveLength(10);
    await expect(listMerchants(ctx, { order: 'name' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('a shop', () => {
  it('gives the shop card with scores, banners and follow state', async () => {
    const own = await createTestDatabase();
    const user = await userContext(own, 1);
    const before = await getMerchant(user, { id: 5 });
    expect(before).toMatchObject({
      mer_id: 5,
      type_name: '旗舰店',
      care: false,
      isset_certificate: true,
      top_banner: '/media/mer-5-banner.svg',
    });
    expect(before.banner).toHaveLength(2);
    expect(before.score).toBeCloseTo((before.product_score + before.service_score + before.postage_score) / 3, 1);
    await createRelation(user, { type: 10, type_id: 5 });
    expect(await getMerchant(user, { id: 5 })).toMatchObject({ care: true, care_count: before.care_count + 1 });
  });

  it('has a 2-level category tree that filters its products', async () => {
    const ctx = visitorContext(db);
    const tree = await listMerchantProductCategories(ctx, { id: 5 });
    expect(tree.map((c) => c.cate_name)).toEqual(['手机通讯', '电脑办公']);
    const parent = tree[0]!;
    const child = parent.children[0]!;
    const inParent = await listMerchantProducts(ctx, { id: 5, mer_cate_id: parent.store_category_id, limit: 100 });
    const inChild = await listMerchantProducts(ctx, { id: 5, mer_cate_id: child.store_category_id, limit: 100 });
    expect(inParent.count).toBeGreaterThanOrEqual(inChild.count);
    expect(inChild.list.every((p) => p.cate_id === 25)).toBe(true);
  });

  it('lists its products with in-shop search, price range and the new-first order', async () => {
    const ctx = visitorContext(db);
    const all = await listMerchantProducts(ctx, { id: 7 });
    expect(all.list).toHaveLength(12);
    expect(all.list.every((p) => p.mer_id === 7)).toBe(true);
    const dresses = await listMerchantProducts(ctx, { id: 7, keyword: '连衣裙', limit: 100 });
    expect(dresses.list.every((p) => p.store_name.includes('连衣裙') || p.cate_id === 30)).toBe(true);
    expect((await listMerchantProducts(ctx, { id: 7, order: 'is_new' })).list).toHaveLength(12);
  });

  it('reads a whole shop list by prepared statements on PGlite, its first page and the later ones alike', async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    const first = await listMerchantProducts(ctx, { id: 5, order: 'is_new', limit: 4 });
    const second = await listMerchantProducts(ctx, { id: 5, order: 'is_new', limit: 4, page: 2 });
    expect(first.list).toHaveLength(4);
    expect(second.count).toBe(first.count);
    const newest = [...first.list, ...second.list].map((p) => p.product_id);
    expect(new Set(newest).size).toBe(8);
    const statements = (
      (await own.db.execute(sql`select statement from pg_prepared_statements`)) as unknown as { rows: { statement: string }[] }
    ).rows.map((r) => r.statement);
    const shopList = statements.filter((t) => t.includes('"product"."mer_id" = $1') && t.includes('order by "product"."created_at" desc'));
    expect(shopList.some((t) => /offset \$\d+/.test(t))).toBe(true);
    expect(shopList.some((t) => !/offset/.test(t))).toBe(true);
  });

  it('exposes licence images and refuses closed or unknown shops', async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    expect(await getMerchantLicences(ctx, { id: 3 })).toEqual(['/media/mer-3-licence-1.svg', '/media/mer-3-licence-2.svg']);
    await own.db.update(merchant).set({ status: false }).where(eq(merchant.merId, 3));
    const closed = { status: 404, message: '店铺不存在或已关闭' };
    await expect(getMerchant(ctx, { id: 3 })).rejects.toMatchObject(closed);
    await expect(getMerchantLicences(ctx, { id: 3 })).rejects.toMatchObject(closed);
    await expect(listMerchantProducts(ctx, { id: 3 })).rejects.toMatchObject(closed);
    await expect(listMerchantProductCategories(ctx, { id: 999 })).rejects.toMatchObject(closed);
    expect((await listMerchants(ctx, { limit: 100 })).count).toBe(19);
    await expect(getMerchant(ctx, { id: 'x' })).rejects.toMatchObject({ status: 400, message: '店铺格式不正确' });
  });
});
