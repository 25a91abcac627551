// Lists and cards kept in the read cache (services/cache.ts) show a write on the next read: a page of a broad product
// list, a shop's best sellers on its product pages, a shop card, a page of the shop list.
import { describe, it, expect, beforeAll } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { product } from '../../db/schema/index.ts';
import { documentTokens } from '../../../shared/search-tokens.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { listProducts } from './list-products.ts';
import { COUNT_CACHE_MIN, RANKED_DEPTH, keywordPageOfProducts, pageOfProducts } from './product-page.ts';
import { PRODUCT_ORDERS } from '../../../shared/schemas/catalogue.ts';
import { keywordMatch, productOrder, visibleNormal } from './product-query.ts';
import { and } from 'drizzle-orm';
import { listMerchantRecommend } from '../merchant/list-merchant-recommend.ts';
import { getMerchant } from '../merchant/get-merchant.ts';
import { createRelation } from '../relation/create-relation.ts';
import { listMerchants } from '../merchant/list-merchants.ts';
import { listMerchantProducts } from '../merchant/list-merchant-products.ts';
import { merchant } from '../../db/schema/index.ts';

let db: Database;
const MER = 3;

beforeAll(async () => {
  db = await createTestDatabase();
  // A broad list: more matching products than the demo mall has, so its pages are kept.
  const [model] = await db.db.select().from(product).where(eq(product.merId, MER)).limit(1);
  const { productId: _id, ...rest } = model!;
  await db.db.insert(product).values(
    Array.from({ length: COUNT_CACHE_MIN }, (_, i) => {
      const storeName = `缓存测试商品 ${i}`;
      return { ...rest, storeName, keyword: '', searchTokens: documentTokens(storeName), sales: i, price: 1000 + i };
    }),
  );
});

describe('cached lists show writes on the next read', () => {
  it('a page of a broad list shows a product changed or taken off the shelf', async () => {
    const ctx = visitorContext(db);
    const query = { keyword: '缓存测试商品', order: 'sales', page: 1, limit: 5 } as const;
    const first = await listProducts(ctx, query);
    expect(first.count).toBe(COUNT_CACHE_MIN);
    const top = first.list[0]!;
    expect(await listProducts(ctx, query)).toEqual(first);

    await db.db.update(product).set({ price: 123456 }).where(eq(product.productId, top.product_id));
    invalidate(db.db, [tag('product', top.product_id)]);
    expect((await listProducts(ctx, query)).list[0]).toMatchObject({ product_id: top.product_id, price: '1234.56' });

    await db.db.update(product).set({ status: 0 }).where(eq(product.productId, top.product_id));
    invalidate(db.db, [tag('product', top.product_id)]);
    const after = await listProducts(ctx, query);
    expect(after.count).toBe(COUNT_CACHE_MIN - 1);
    expect(after.list.map((p) => p.product_id)).not.toContain(top.product_id);
    expect(after.list[0]!.product_id).toBe(first.list[1]!.product_id);
  });

  it("a shop's whole list and a leaf category's list are kept however short, and show a write on the next read", async () => {
    const ctx = visitorContext(db);
    // A shop of the demo mall (a few products) and the leaf category of one of them, apart from the broad list's.
    const [model] = await db.db.select().from(product).where(eq(product.merId, MER)).limit(1);
    const [one] = await db.db
      .select({ id: product.productId, merId: product.merId, cateId: product.cateId })
      .from(product)
      .where(and(ne(product.merId, MER), ne(product.cateId, model!.cateId), visibleNormal))
      .limit(1);
    const lists = [
      () => listMerchantProducts(ctx, { id: one!.merId, order: 'sales', page: 1, limit: 50 }),
      () => listProducts(ctx, { cate_pid: one!.cateId, order: 'sales', page: 1, limit: 50 }),
    ];
    const before = await Promise.all(lists.map((read) => read()));
    for (const page of before) {
      expect(page.count).toBeLessThan(COUNT_CACHE_MIN);
      expect(page.list.map((p) => p.product_id)).toContain(one!.id);
    }
    // Written without saying so: the kept lists are read without the database.
    await db.db.update(product).set({ price: 654321 }).where(eq(product.productId, one!.id));
    expect(await Promise.all(lists.map((read) => read()))).toEqual(before);
    // A narrower list of the same shop (its search) is read every time.
    const [{ storeName }] = (await db.db.select({ storeName: product.storeName }).from(product).where(eq(product.productId, one!.id))) as [
      { storeName: string },
    ];
    const search = await listMerchantProducts(ctx, { id: one!.merId, keyword: storeName, page: 1, limit: 50 });
    expect(search.list.find((p) => p.product_id === one!.id)?.price).toBe('6543.21');
    // Said: the next read shows it.
    invalidate(db.db, [tag('product', one!.id)]);
    for (const page of await Promise.all(lists.map((read) => read()))) {
      expect(page.list.find((p) => p.product_id === one!.id)?.price).toBe('6543.21');
    }
  });

  it('a broad keyword gives the same pages in every order, within its ranking and past it', async () => {
    const ctx = visitorContext(db);
    const [model] = await db.db.select().from(product).where(eq(product.merId, MER)).limit(1);
    const { productId: _id, ...rest } = model!;
    // Many ties (price, sales, rating, sort), broken by id as each order says.
    await db.db.insert(product).values(
      Array.from({ length: COUNT_CACHE_MIN + 5 }, (_, i) => {
        const storeName = `排名测试商品 ${i}`;
        return {
          ...rest,
          storeName,
          keyword: '',
          searchTokens: documentTokens(storeName),
          sales: i % 13,
          price: 500 + (i % 7),
          rate: String(3 + (i % 3)),
          sort: i % 5,
        };
      }),
    );
    const where = and(visibleNormal, keywordMatch('排名测试商品'));
    const last = RANKED_DEPTH / 20;
    for (const order of PRODUCT_ORDERS) {
      for (const [page, limit] of [
        [1, 20],
        [last, 20],
        [last + 1, 20],
        [Math.ceil(RANKED_DEPTH / 30), 30],
        [60, 20],
      ] as const) {
        const ranked = await keywordPageOfProducts(ctx, where, order, page, limit);
        expect(ranked, `${order} ${page} ${limit}`).toEqual(await pageOfProducts(ctx, where, productOrder(order), page, limit));
        expect(ranked.count).toBe(COUNT_CACHE_MIN + 5);
      }
    }
  });

  it("a shop's best sellers follow its sales, without the product being viewed", async () => {
    const ctx = visitorContext(db);
    const before = await listMerchantRecommend(ctx, MER);
    expect(before).toHaveLength(6);
    const last = before[5]!;
    await db.db.update(product).set({ sales: 10_000_000 }).where(eq(product.productId, last.product_id));
    invalidate(db.db, [tag('product', last.product_id)]);
    const after = await listMerchantRecommend(ctx, MER);
    expect(after[0]!.product_id).toBe(last.product_id);
    const viewing = await listMerchantRecommend(ctx, MER, { exclude: last.product_id, limit: 4 });
    expect(viewing.map((p) => p.product_id)).toEqual(after.slice(1, 5).map((p) => p.product_id));
  });

  it('a shop card shows a new follower to everyone, and only the follower sees it followed', async () => {
    const visitor = visitorContext(db);
    const fan = await userContext(db, 2);
    const before = await getMerchant(visitor, { id: MER });
    expect((await getMerchant(fan, { id: MER })).care).toBe(false);
    await createRelation(fan, { type: 10, type_id: MER });
    expect(await getMerchant(visitor, { id: MER })).toMatchObject({ care: false, care_count: before.care_count + 1 });
    expect(await getMerchant(fan, { id: MER })).toMatchObject({ care: true, care_count: before.care_count + 1 });
  });

  it('a page of the shop list shows a new follower, and re-sorts by sales when a product sells', async () => {
    const visitor = visitorContext(db);
    const shops = (await listMerchants(visitor, { limit: 50 })).list;
    const shop = shops.find((m) => m.mer_id !== MER)!;
    const [{ merName }] = (await db.db.select({ merName: merchant.merName }).from(merchant).where(eq(merchant.merId, shop.mer_id))) as [
      { merName: string },
    ];
    const byName = { keyword: merName, limit: 3 } as const;
    const before = await listMerchants(visitor, byName);
    expect(before.list[0]).toMatchObject({ mer_id: shop.mer_id, care_count: shop.care_count });
    await createRelation(await userContext(db, 3), { type: 10, type_id: shop.mer_id });
    expect((await listMerchants(visitor, byName)).list[0]).toMatchObject({ mer_id: shop.mer_id, care_count: shop.care_count + 1 });

    const bySales = { order: 'sales', limit: 50 } as const;
    const last = (await listMerchants(visitor, bySales)).list.at(-1)!;
    const [top] = await db.db.select({ id: product.productId }).from(product).where(eq(product.merId, last.mer_id)).limit(1);
    await db.db.update(product).set({ sales: 50_000_000 }).where(eq(product.productId, top!.id));
    invalidate(db.db, [tag('product', top!.id)]);
    expect((await listMerchants(visitor, bySales)).list[0]!.mer_id).toBe(last.mer_id);
  });
});
