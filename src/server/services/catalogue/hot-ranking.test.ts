import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { merchant, product, storeCategory } from '../../db/schema/index.ts';
import { invalidate } from '../cache.ts';
import { collectShown, tag } from '../cache-tags.ts';
import { ancestorsOf, getCategoryTree } from './category-tree.ts';
import { getHotRanking, listRankingCategories, OVERALL_RANKING, RANKING_SIZE } from './hot-ranking.ts';
import { getProductDetail } from './get-product-detail.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

/** Sales of products by id, read from the database (what the ranking must be ordered by). */
async function salesOf(d: Database, ids: number[]): Promise<number[]> {
  const rows = await d.db.select({ id: product.productId, sales: product.sales }).from(product);
  const byId = new Map(rows.map((r) => [r.id, r.sales]));
  return ids.map((id) => byId.get(id)!);
}

describe('hot rankings (/goods_ranking)', () => {
  it('offers a tab per visible top-level category', async () => {
    const roots = await db.db.select().from(storeCategory).where(eq(storeCategory.pid, 0));
    const tabs = await listRankingCategories(visitorContext(db));
    expect(tabs.map((t) => t.store_category_id).sort((a, b) => a - b)).toEqual(
      roots
        .filter((r) => r.isShow)
        .map((r) => r.storeCategoryId)
        .sort((a, b) => a - b),
    );
    expect(tabs[0]).toEqual({ store_category_id: expect.any(Number), cate_name: expect.any(String) });
  });

  it('ranks the best sellers on sale, overall and per top-level category, as data[0].list', async () => {
    const ctx = visitorContext(db);
    const [overall] = await getHotRanking(ctx, {});
    expect(overall).toMatchObject({ store_category_id: 0, cate_name: OVERALL_RANKING });
    expect(overall!.list).toHaveLength(RANKING_SIZE);
    const sales = await salesOf(
      db,
      overall!.list.map((p) => p.product_id),
    );
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    // Nothing on sale sells more than the last of the list.
    const best = await db.db.select({ sales: product.sales }).from(product).where(eq(product.status, 1));
    expect(best.filter((p) => p.sales > sales.at(-1)!).length).toBeLessThan(RANKING_SIZE);
    expect(overall!.list.every((p) => p.product_type === 0)).toBe(true);

    const tree = await getCategoryTree(ctx);
    const top = tree.list[0]!;
    const [ranking] = await getHotRanking(ctx, { cate_pid: String(top.store_category_id) });
    expect(ranking).toMatchObject({ store_category_id: top.store_category_id, cate_name: `${top.cate_name}热销榜` });
    expect(ranking!.list.length).toBeGreaterThan(0);
    expect(ranking!.list.every((p) => ancestorsOf(tree, p.cate_id)[0]?.store_category_id === top.store_category_id)).toBe(true);
    expect((await getHotRanking(ctx, { cate_pid: '0' }))[0]!.list).toEqual(overall!.list);
  });

  it('refuses a category that is not a top-level one (404) and a malformed id (400)', async () => {
    const ctx = visitorContext(db);
    const [child] = await db.db.select().from(storeCategory).where(eq(storeCategory.level, 2)).limit(1);
    for (const cate_pid of [String(child!.storeCategoryId), '999999'])
      await expect(getHotRanking(ctx, { cate_pid })).rejects.toMatchObject({ code: 'not_found', message: '榜单不存在' });
    for (const cate_pid of ['abc', '-1', '1.5', '99999999999'])
      await expect(getHotRanking(ctx, { cate_pid })).rejects.toMatchObject({ status: 400, message: '分类ID格式不正确' });
  });

  it("a product page shows of its ranking only the places: a follow of a ranked product's shop does not drop it", async () => {
    const ctx = visitorContext(db);
    const tree = await getCategoryTree(ctx);
    const top = tree.list[0]!;
    const [ranking] = await getHotRanking(ctx, { cate_pid: top.store_category_id });
    const p = ranking!.list[0]!;
    const other = ranking!.list.find((x) => x.mer_id !== p.mer_id)!;
    const shown = new Set<string>();
    const detail = await collectShown(shown, () => getProductDetail(ctx, { id: p.product_id }));
    expect(detail.top_num).toBe(1);
    expect(shown.has(tag('merchant', p.mer_id))).toBe(true);
    expect(shown.has(tag('merchant', other.mer_id))).toBe(false);
    // The ranking page itself shows every card's shop.
    const page = new Set<string>();
    await collectShown(page, () => getHotRanking(ctx, { cate_pid: top.store_category_id }));
    expect(page.has(tag('merchant', other.mer_id))).toBe(true);
  });

  it("badges a ranked product's detail with its place, leaves others unbadged, and follows a product change", async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    const tree = await getCategoryTree(ctx);
    const top = tree.list[0]!;
    const [ranking] = await getHotRanking(ctx, { cate_pid: top.store_category_id });
    const second = ranking!.list[1]!;
    expect(await getProductDetail(ctx, { id: second.product_id })).toMatchObject({
      top_pid: top.store_category_id,
      top_name: `${top.cate_name}热销榜`,
      top_num: 2,
    });
    // A product of the same category outside the ranking has no badge.
    const ranked = new Set(ranking!.list.map((p) => p.product_id));
    const rows = await own.db.select({ id: product.productId, cateId: product.cateId }).from(product).where(eq(product.status, 1));
    const outside = rows.find((r) => !ranked.has(r.id) && ancestorsOf(tree, r.cateId)[0]?.store_category_id === top.store_category_id);
    expect(await getProductDetail(ctx, { id: outside!.id })).toMatchObject({ top_pid: 0, top_name: '', top_num: 0 });

    // It sells the most now: after the change is announced, it leads its category's ranking and the overall one.
    await own.db.update(product).set({ sales: 10_000_000 }).where(eq(product.productId, outside!.id));
    invalidate(own.db, [tag('product', outside!.id)]);
    expect((await getHotRanking(ctx, { cate_pid: top.store_category_id }))[0]!.list[0]!.product_id).toBe(outside!.id);
    expect((await getHotRanking(ctx, {}))[0]!.list[0]!.product_id).toBe(outside!.id);
    expect(await getProductDetail(ctx, { id: outside!.id })).toMatchObject({ top_pid: top.store_category_id, top_num: 1 });

    // A closed shop's products leave the rankings.
    const [p] = await own.db.select({ merId: product.merId }).from(product).where(eq(product.productId, outside!.id));
    await own.db.update(merchant).set({ status: false }).where(eq(merchant.merId, p!.merId));
    invalidate(own.db, [tag('merchant', p!.merId), 'product']);
    expect((await getHotRanking(ctx, {}))[0]!.list.some((x) => x.mer_id === p!.merId)).toBe(false);
  });
});
