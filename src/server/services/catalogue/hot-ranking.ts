import { and, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { product } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import type { Tag } from '../cache-tags.ts';
import { ancestorsOf, getCategoryTree, leafIdsUnder } from './category-tree.ts';
import { openMerchants, productOrder, visibleNormal } from './product-query.ts';
import { cardColumns, toCards, type ProductCard } from './product-card.ts';

/** How many products a ranking lists. */
export const RANKING_SIZE = 20;

/** The name of the overall ranking (`cate_pid` 0). */
export const OVERALL_RANKING = '热销总榜';

/** The ranking badge of a product page: `top_name` "第 `top_num` 名" linking to `/goods_ranking/{top_pid}`; 0 and '' when unranked. */
export interface RankBadge {
  top_pid: number;
  top_name: string;
  top_num: number;
}

/** No badge: the product is not in its ranking (or is no normal product). */
export const NO_RANK: RankBadge = { top_pid: 0, top_name: '', top_num: 0 };

export interface HotRanking {
  /** 0 for the overall ranking, else a top-level category. */
  store_category_id: number;
  cate_name: string;
  /** Best sellers first (sales, then the newer product). */
  list: ProductCard[];
}

/**
 * Rankings are read on product pages too: each is cached for this long (and dropped by any product change; orders
 * change only `stock:` tags, so sales move a ranking at most this late). A broad category's ranking costs PGlite
 * 40-60 ms to read on the 50,000-product mall: read every minute by each category, it stalled other reads.
 */
export const HOT_RANKING_TTL_MS = 10 * 60_000;

/** `cate_pid`: a category id, or 0 / none for the overall ranking (read as undefined). */
const rankingInput = z.object({
  cate_pid: z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? undefined : v),
    idField('分类ID').optional(),
  ),
});

const rankingName = (cateName: string) => `${cateName}热销榜`;

/** `GET /api/store/product/category/hotranking` (reference `/goods_ranking` tabs): the top-level categories a ranking is kept for. */
export async function listRankingCategories(ctx: Pick<ServiceContext, 'db'>): Promise<{ store_category_id: number; cate_name: string }[]> {
  return (await getCategoryTree(ctx)).list.map((c) => ({ store_category_id: c.store_category_id, cate_name: c.cate_name }));
}

/**
 * The ranking of top-level category `pid` (0: every category), without checking it exists. `shows`: what the reader
 * shows of it, when less than the whole list (the product page's badge shows only places, not the cards' shops).
 */
async function rankingOf(ctx: Pick<ServiceContext, 'db'>, pid: number, shows?: Tag[]): Promise<ProductCard[]> {
  return cached(
    ctx.db,
    `${CACHE_KEYS.hotRanking}${pid}`,
    async () => {
      const leaves = pid ? leafIdsUnder(await getCategoryTree(ctx), pid) : null;
      const inCategory = leaves ? (leaves.length ? inArray(product.cateId, leaves) : sql`false`) : undefined;
      // The top rows only: no count (a listing page's), which cost a broad category as much again.
      const rows = await ctx.db
        .select(cardColumns)
        .from(product)
        .where(and(visibleNormal, await openMerchants(ctx), inCategory))
        .orderBy(...productOrder('sales'))
        .limit(RANKING_SIZE);
      return toCards(ctx, rows);
    },
    HOT_RANKING_TTL_MS,
    { shows },
  );
}

/**
 * `GET /api/product/spu/get_hot_ranking?cate_pid=<id>` (reference: the client reads `data[0].list`): the best sellers
 * on sale of a top-level category, or of the whole mall for `cate_pid` 0 or none. A category that is not a visible
 * top-level one is a 404; a malformed id a 400.
 */
export async function getHotRanking(ctx: Pick<ServiceContext, 'db'>, input: { cate_pid?: unknown }): Promise<HotRanking[]> {
  const pid = parseInput(rankingInput, input).cate_pid ?? 0;
  let name = OVERALL_RANKING;
  if (pid) {
    const node = (await getCategoryTree(ctx)).byId.get(pid);
    if (!node || node.pid !== 0) throw new ServiceError('not_found', '榜单不存在');
    name = rankingName(node.cate_name);
  }
  return [{ store_category_id: pid, cate_name: name, list: await rankingOf(ctx, pid) }];
}

/** Where a product of category `cateId` stands in its top-level category's ranking (the product page's badge). */
export async function rankBadgeOf(ctx: Pick<ServiceContext, 'db'>, productId: number, cateId: number): Promise<RankBadge> {
  const top = ancestorsOf(await getCategoryTree(ctx), cateId)[0];
  if (!top) return NO_RANK;
  // The places depend on every product's sales (and the tree on the categories), not on the cards' shops: a follow of
  // one of the ranked shops must not drop every product page of the category.
  const at = (await rankingOf(ctx, top.store_category_id, ['product', 'category'])).findIndex((p) => p.product_id === productId);
  return at < 0 ? NO_RANK : { top_pid: top.store_category_id, top_name: rankingName(top.cate_name), top_num: at + 1 };
}
