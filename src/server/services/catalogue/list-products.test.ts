import { describe, it, expect, beforeAll } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { merchant, product, productParameterValue } from '../../db/schema/index.ts';
import { parseYuan } from '../../../shared/money.ts';
import { listProducts } from './list-products.ts';
import { invalidateCatalogue, CACHE_KEYS } from '../cache.ts';
import { and } from 'drizzle-orm';
import { PRODUCT_ORDERS } from '../../../shared/schemas/catalogue.ts';
import { keywordMatch, productOrder, visibleNormal } from './product-query.ts';
import { keywordPageOfProducts, pageOfProducts } from './product-page.ts';

let db: Database;
const ctx = () => visitorContext(db);
const cents = (yuan: string) => parseYuan(yuan)!;

beforeAll(async () => {
  db = await createTestDatabase();
});

describe('listProducts: filters', () => {
  it('finds Chinese substrings of one, two and more characters in names and keywords', async () => {
    for (const keyword of ['手机', '茶', '连衣裙', '笔记本电脑']) {
      const page = await listProducts(ctx(), { keyword, limit: 100 });
      expect(page.count, keyword).toBeGreaterThan(0);
      const ids = page.list.map((p) => p.product_id);
      const rows = await db.db.select({ n: product.storeName, k: product.keyword }).from(product).where(inArray(product.productId, ids));
      expect(
        rows.every((r) => r.n.includes(keyword) || r.k.includes(keyword)),
        keyword,
      ).toBe(true);
    }
    expect((await listProducts(ctx(), { keyword: '不存在的商品名' })).count).toBe(0);
  });

  it('searches for a keyword with LIKE wildcards and punctuation as typed: no match is an empty list, never everything', async () => {
    const [{ n }] = (
      (await db.db.execute(
        "select count(*)::int as n from product where store_name like '%\\%%' or store_name like '%\\_%' or keyword like '%\\%%' or keyword like '%\\_%'",
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    // No demo product names a % or an _: unescaped, '%' and '_' would match every product.
    expect(n).toBe(0);
    for (const keyword of ['%', '_', '100%', 'C#', 'a/b', '手%机']) {
      expect((await listProducts(ctx(), { keyword })).count, keyword).toBe(0);
    }
  });

  it('takes an empty filter_params list as no filter, as an empty object', async () => {
    const all = (await listProducts(ctx(), { cate_pid: 1 })).count;
    expect((await listProducts(ctx(), { cate_pid: 1, filter_params: '[]' })).count).toBe(all);
    expect((await listProducts(ctx(), { cate_pid: 1, filter_params: '{}' })).count).toBe(all);
  });

  it('requires every whitespace-separated word of the keyword', async () => {
    const both = await listProducts(ctx(), { keyword: '星辰 手机', limit: 100 });
    expect(both.count).toBeGreaterThan(0);
    expect(both.count).toBeLessThan((await listProducts(ctx(), { keyword: '手机' })).count);
    expect(both.list.every((p) => p.store_name.includes('星辰'))).toBe(true);
  });

  it('takes a category of any level and includes its descendants', async () => {
    const top = await listProducts(ctx(), { cate_pid: 1, limit: 100 }); // 数码: leaves 25-29
    expect(top.count).toBeGreaterThan(0);
    expect(top.list.every((p) => p.cate_id >= 25 && p.cate_id <= 29)).toBe(true);
    const group = await listProducts(ctx(), { cate_pid: 9, limit: 100 }); // 手机通讯: 手机 25, 智能手表 26
    expect(group.list.every((p) => p.cate_id === 25 || p.cate_id === 26)).toBe(true);
    const leaf = await listProducts(ctx(), { cate_pid: '25', limit: 100 });
    expect(leaf.list.every((p) => p.cate_id === 25)).toBe(true);
    expect(top.count).toBeGreaterThan(group.count);
    expect(group.count).toBeGreaterThan(leaf.count);
    expect(await listProducts(ctx(), { cate_pid: 99999 })).toEqual({ count: 0, list: [] });
  });

  it('filters by brands and shop types given as csv', async () => {
    const brands = await listProducts(ctx(), { brand_id: '1,2', limit: 100 });
    expect(brands.count).toBeGreaterThan(0);
    expect(brands.list.every((p) => p.brand_id === 1 || p.brand_id === 2)).toBe(true);
    const selfRun = await listProducts(ctx(), { mer_type_id: '4', limit: 100 });
    expect(selfRun.count).toBeGreaterThan(0);
    expect(selfRun.list.every((p) => p.merchant?.type_name === '自营' && p.merchant.is_trader === 1)).toBe(true);
  });

  it('filters by parameter values from a JSON object', async () => {
    const page = await listProducts(ctx(), { filter_params: JSON.stringify({ 1: ['越南', '印度'] }), limit: 100 });
    expect(page.count).toBeGreaterThan(0);
    const values = await db.db
      .select({ v: productParameterValue.value })
      .from(productParameterValue)
      .where(
        inArray(
          productParameterValue.productId,
          page.list.map((p) => p.product_id),
        ),
      );
    expect(values.some((v) => v.v === '越南' || v.v === '印度')).toBe(true);
    const two = await listProducts(ctx(), { filter_params: { 1: ['越南'], 2: ['3年'] } });
    expect(two.count).toBeLessThan(page.count);
  });

  it('filters by a price range in yuan, read either way round', async () => {
    const page = await listProducts(ctx(), { price_on: '100', price_off: '199.5', limit: 100 });
    expect(page.count).toBeGreaterThan(0);
    expect(page.list.every((p) => cents(p.price) >= 10000 && cents(p.price) <= 19950)).toBe(true);
    expect((await listProducts(ctx(), { price_on: '199.5', price_off: '100' })).count).toBe(page.count);
    const above = await listProducts(ctx(), { price_on: 5000, limit: 100 });
    expect(above.list.every((p) => cents(p.price) >= 500000)).toBe(true);
  });

  it('hides products that are off the shelf or whose shop is closed', async () => {
    const own = await createTestDatabase();
    const c = visitorContext(own);
    const before = await listProducts(c, { keyword: '星辰科技', limit: 100 });
    await own.db.update(product).set({ status: 0 }).where(eq(product.productId, before.list[0]!.product_id));
    expect((await listProducts(c, { keyword: '星辰科技' })).count).toBe(before.count - 1);
    await own.db.update(merchant).set({ status: false }).where(eq(merchant.merId, 5));
    // Lists read open shops from the catalogue cache: closing a shop is a write that invalidates it.
    invalidateCatalogue(own.db, CACHE_KEYS.merchants);
    const after = await listProducts(c, { keyword: '星辰科技', limit: 100 });
    expect(after.list.some((p) => p.mer_id === 5)).toBe(false);
  });

  it('gives cards in the reference shape, with money as yuan strings', async () => {
    const [card] = (await listProducts(ctx(), { keyword: '星辰科技', limit: 1 })).list;
    expect(card).toMatchObject({
      product_id: expect.any(Number),
      store_name: expect.any(String),
      image: expect.stringMatching(/^\/media\/.+\.svg$/),
      price: expect.stringMatching(/^\d+\.\d\d$/),
      ot_price: expect.stringMatching(/^\d+\.\d\d$/),
      sales: expect.any(Number),
      rate: expect.any(Number),
      stock: expect.any(Number),
      unit_name: expect.any(String),
      product_type: 0,
      issetCoupon: expect.any(Boolean),
      delivery_free: expect.any(Number),
      merchant: { mer_id: expect.any(Number), mer_name: expect.any(String), is_trader: expect.any(Number), type_name: expect.any(String) },
    });
  });

  it('flags products with a claimable shop or product coupon', async () => {
    // Product 5 (shop 5) is linked to a product coupon; every shop has a shop coupon.
    const page = await listProducts(ctx(), { keyword: '星辰科技', limit: 100 });
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((p) => p.issetCoupon)).toBe(true);
    const own = await createTestDatabase();
    const { coupon } = await import('../../db/schema/index.ts');
    await own.db.update(coupon).set({ status: false });
    expect((await listProducts(visitorContext(own), { limit: 20 })).list.every((p) => !p.issetCoupon)).toBe(true);
  });
});

describe('listProducts: sorting and paging', () => {
  const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - xs[i - 1]!) >= 0);

  it('sorts by sales, rating and price both ways', async () => {
    const get = async (order: string) => (await listProducts(ctx(), { order, limit: 50 })).list;
    expect(
      isSorted(
        (await get('sales')).map((p) => p.sales),
        -1,
      ),
    ).toBe(true);
    expect(
      isSorted(
        (await get('rate')).map((p) => p.rate),
        -1,
      ),
    ).toBe(true);
    expect(
      isSorted(
        (await get('price_asc')).map((p) => cents(p.price)),
        1,
      ),
    ).toBe(true);
    expect(
      isSorted(
        (await get('price_desc')).map((p) => cents(p.price)),
        -1,
      ),
    ).toBe(true);
    expect((await get('is_new')).length).toBe(50);
  });

  it('pages without overlap and keeps the total count', async () => {
    const p1 = await listProducts(ctx(), { cate_pid: 2, page: 1, limit: 10, order: 'sales' });
    const p2 = await listProducts(ctx(), { cate_pid: 2, page: '2', limit: '10', order: 'sales' });
    expect(p1.count).toBe(p2.count);
    expect(p1.list).toHaveLength(10);
    const ids = new Set(p1.list.map((p) => p.product_id));
    expect(p2.list.some((p) => ids.has(p.product_id))).toBe(false);
    const far = await listProducts(ctx(), { cate_pid: 2, page: 9999, limit: 10 });
    expect(far).toEqual({ count: p1.count, list: [] });
  });

  it('gives a keyword the same pages and total in every order as reading each page in order', async () => {
    for (const keyword of ['手机', '茶', '星辰 手机']) {
      const where = and(visibleNormal, keywordMatch(keyword));
      for (const order of PRODUCT_ORDERS) {
        for (const [page, limit] of [
          [1, 20],
          [2, 7],
          [40, 20],
        ] as const) {
          const ranked = await keywordPageOfProducts(ctx(), where, order, page, limit);
          expect(ranked, `${keyword} ${order} ${page}`).toEqual(await pageOfProducts(ctx(), where, productOrder(order), page, limit));
        }
      }
    }
  });

  it('defaults to 15 per page', async () => {
    expect((await listProducts(ctx(), {})).list).toHaveLength(15);
  });
});

describe('listProducts: bad input is a clear 400', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ page: -1 }, /页码/],
    [{ page: 'abc' }, /页码/],
    [{ limit: 1000 }, /每页数量不能大于100/],
    [{ limit: 0 }, /每页数量/],
    [{ filter_params: '{bad json' }, /筛选参数格式不正确/],
    [{ filter_params: '[1,2]' }, /筛选参数格式不正确/],
    [{ filter_params: '{"abc":["x"]}' }, /筛选参数格式不正确/],
    [{ filter_params: '{"1":[{"a":1}]}' }, /筛选参数格式不正确/],
    [{ order: 'random' }, /排序方式不正确/],
    [{ brand_id: '1,x' }, /品牌格式不正确/],
    [{ price_on: '-5' }, /最低价格式不正确/],
    [{ price_off: '1.234' }, /最高价格式不正确/],
    [{ cate_pid: '0' }, /分类格式不正确/],
    [{ keyword: '中'.repeat(51) }, /搜索关键词不能超过50个字/],
  ];
  it.each(cases)('%j', async (input, message) => {
    await expect(listProducts(ctx(), input)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(message) });
  });
});
