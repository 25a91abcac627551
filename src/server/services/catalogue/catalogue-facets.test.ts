import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { product, storeCategory } from '../../db/schema/index.ts';
import { listCategories } from './list-categories.ts';
import { listBrands } from './list-brands.ts';
import { listParamFilters } from './list-param-filters.ts';
import { listHotProducts } from './list-hot-products.ts';
import { listRecommend } from './list-recommend.ts';
import { listCategorySections } from './list-category-sections.ts';
import { listProducts } from './list-products.ts';
import { listMerchantTypes } from '../merchant/list-merchant-types.ts';
import { listMerchantCategories } from '../merchant/list-merchant-categories.ts';
import { createRelation } from '../relation/create-relation.ts';
import { invalidateCatalogue, CACHE_KEYS } from '../cache.ts';
import { getCategoryTree, leafIdsUnder } from './category-tree.ts';
import { mergeFacets, readFacets, scopeFacets } from './scope-facets.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('category tree', () => {
  it('has about 60 categories in 3 levels with Chinese names', async () => {
    const { list } = await listCategories(visitorContext(db));
    expect(list.map((c) => c.cate_name)).toEqual(['数码', '服饰', '食品', '美妆', '家居', '运动', '母婴', '图书']);
    const all = list.flatMap((a) => [a, ...a.children.flatMap((b) => [b, ...b.children])]);
    expect(all).toHaveLength(60);
    expect(list[0]!.children[0]).toMatchObject({
      cate_name: '手机通讯',
      level: 2,
      children: [{ cate_name: '手机', level: 3 }, expect.anything()],
    });
  });

  it('drops hidden categories with their subtree once the cache is invalidated', async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    expect((await listCategories(ctx)).list).toHaveLength(8);
    await own.db.update(storeCategory).set({ isShow: false }).where(eq(storeCategory.storeCategoryId, 9));
    expect((await listCategories(ctx)).list[0]!.children).toHaveLength(2); // still cached
    invalidateCatalogue(own.db, CACHE_KEYS.categories);
    const digital = (await listCategories(ctx)).list[0]!;
    expect(digital.children.map((c) => c.cate_name)).toEqual(['电脑办公']);
    expect((await listProducts(ctx, { cate_pid: 25 })).count).toBe(0);
  });
});

describe('filters', () => {
  it('lists the brands of a category at any level', async () => {
    const ctx = visitorContext(db);
    const names = async (cate_id: number) => (await listBrands(ctx, { cate_id })).list.map((b) => b.brand_name);
    expect(await names(1)).toEqual(['星辰科技', '极光', '青橙', '磐石', '云帆']);
    expect(await names(25)).toEqual(await names(1));
    expect((await listBrands(ctx, {})).count).toBe(40);
    expect(await listBrands(ctx, { cate_id: 12345 })).toEqual({ count: 0, list: [] });
  });

  it('lists only brands that have products matching a keyword', async () => {
    const page = await listBrands(visitorContext(db), { keyword: '口红' });
    expect(page.count).toBeGreaterThan(0);
    expect(page.list.every((b) => ['花间集', '水漾', '柔肌', '青黛', '玉容'].includes(b.brand_name))).toBe(true);
  });

  it('gives the parameter filters of a category with their values', async () => {
    const filters = await listParamFilters(visitorContext(db), { cate_id: 2 });
    expect(filters.map((f) => f.name)).toEqual(expect.arrayContaining(['材质', '风格', '适用季节', '版型']));
    expect(filters.find((f) => f.name === '材质')!.value.map((v) => v.value)).toEqual(expect.arrayContaining(['纯棉', '真丝']));
    const byKeyword = await listParamFilters(visitorContext(db), { keyword: '茶叶' });
    expect(byKeyword.map((f) => f.name)).toContain('储存方式');
  });

  it('lists shop types and shop-street categories', async () => {
    expect((await listMerchantTypes(visitorContext(db))).map((t) => t.type_name)).toEqual(['自营', '旗舰店', '专营店', '专卖店']);
    expect(await listMerchantCategories(visitorContext(db))).toHaveLength(8);
  });

  it('refuses bad facet input', async () => {
    await expect(listBrands(visitorContext(db), { cate_id: 'x' })).rejects.toMatchObject({ status: 400 });
    await expect(listParamFilters(visitorContext(db), { keyword: 'a'.repeat(51) })).rejects.toMatchObject({ status: 400 });
  });
});

describe('curated lists', () => {
  it('gives each list its flagged products in its order', async () => {
    const ctx = visitorContext(db);
    const hot = await listHotProducts(ctx, { type: 'hot', limit: 10 });
    expect(hot.count).toBeGreaterThan(10);
    expect(hot.list.map((p) => p.sales)).toEqual([...hot.list.map((p) => p.sales)].sort((a, b) => b - a));
    for (const type of ['best', 'new', 'good'] as const) {
      const page = await listHotProducts(ctx, { type, page: 4, limit: 3 });
      const flags = await db.db.select().from(product).where(eq(product.productId, page.list[0]!.product_id));
      expect(flags[0]![type === 'best' ? 'isBest' : type === 'new' ? 'isNew' : 'isGood']).toBe(true);
    }
    await expect(listHotProducts(ctx, { type: 'cheap' })).rejects.toMatchObject({ status: 400, message: '榜单类型不正确' });
  });

  it('recommends best sellers, and the categories a shopper favours', async () => {
    const own = await createTestDatabase();
    const visitor = await listRecommend(visitorContext(own), { limit: 5 });
    expect(visitor.list).toHaveLength(5);
    const user = await userContext(own, 2);
    const tea = (await listProducts(visitorContext(own), { cate_pid: 37, limit: 1 })).list[0]!;
    await createRelation(user, { type: 0, type_id: tea.product_id });
    const mine = await listRecommend(user, { limit: 20 });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.list.every((p) => p.cate_id === 37 && p.product_id !== tea.product_id)).toBe(true);
  });

  it('pages the category plaza with 8 best sellers per top category', async () => {
    const first = await listCategorySections(visitorContext(db), { page: 1, limit: 3 });
    expect(first.count).toBe(8);
    expect(first.list.map((s) => s.title)).toEqual(['数码', '服饰', '食品']);
    expect(first.list[0]!.list).toHaveLength(8);
    expect(first.list[0]!.list.every((p) => p.cate_id >= 25 && p.cate_id <= 29)).toBe(true);
    expect(first.list[0]!.left_link).toBe(`/goods_cate?sid=1&name=${encodeURIComponent('数码_1')}`);
    expect((await listCategorySections(visitorContext(db), { page: 3, limit: 3 })).list.map((s) => s.title)).toEqual(['母婴', '图书']);
  });
});

describe('facets of a category above the leaves', () => {
  it("are its leaves' facets merged: the same brands and counts, in the same order, as one pass over its products", async () => {
    const ctx = visitorContext(db);
    const tree = await getCategoryTree(ctx);
    const parents = [...tree.byId.values()].filter((c) => c.children.length);
    expect(parents.length).toBeGreaterThan(20);
    for (const c of parents) {
      const leaves = leafIdsUnder(tree, c.store_category_id);
      const merged = await scopeFacets(ctx, '', c.store_category_id);
      expect(merged, c.cate_name).toEqual(await readFacets(ctx, '', leaves));
      expect(merged.tokens.length, c.cate_name).toBeGreaterThan(0);
    }
  });

  it('puts tokens of equal count in byte order, as the database does', () => {
    const merged = mergeFacets([
      {
        brandIds: [3, 1],
        tokens: [
          ['9:黑色', 2],
          ['9:白色', 1],
          ['10:A', 1],
        ],
      },
      {
        brandIds: [2, 3],
        tokens: [
          ['9:白色', 1],
          ['10:a', 3],
          ['9:𠀀', 2],
          ['9:ｚ', 2],
        ],
      },
    ]);
    expect(merged).toEqual({
      brandIds: [1, 2, 3],
      tokens: [
        ['10:a', 3],
        ['9:白色', 2],
        ['9:黑色', 2],
        ['9:ｚ', 2],
        ['9:𠀀', 2],
        ['10:A', 1],
      ],
    });
  });
});
