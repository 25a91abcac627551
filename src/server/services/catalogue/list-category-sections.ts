import { and, desc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { product } from '../../db/schema/index.ts';
import { paged } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, offsetOf, type Page } from '../input.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { getCategoryTree, leafIdsUnder } from './category-tree.ts';
import { visibleNormal, openMerchants } from './product-query.ts';
import { cardColumns, toCards, type ProductCard } from './product-card.ts';

export interface CategorySection {
  title: string;
  cid: number;
  left_image: string;
  left_link: string;
  bottom_image: string;
  bottom_link: string;
  list: ProductCard[];
}

const sectionQuery = z.object({ ...paged(3) });
const PER_SECTION = 8;

async function section(
  ctx: Pick<ServiceContext, 'db'>,
  cid: number,
  title: string,
  pic: string,
  leaves: number[],
): Promise<CategorySection> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(product)
    .where(and(visibleNormal, await openMerchants(ctx), inArray(product.cateId, leaves)))
    .orderBy(desc(product.sales), desc(product.productId))
    .limit(PER_SECTION);
  const link = `/goods_cate?sid=${cid}&name=${encodeURIComponent(`${title}_${cid}`)}`;
  return { title, cid, left_image: pic, left_link: link, bottom_image: '', bottom_link: link, list: await toCards(ctx, rows) };
}

/**
 * `GET /api/pc/rec_list?page&limit`: the home page's category plaza, one section per top-level category
 * with its 8 best sellers, paged as the shopper scrolls. Cached like the other home lists (30 s).
 */
export async function listCategorySections(
  ctx: Pick<ServiceContext, 'db'>,
  input: { page?: unknown; limit?: unknown } = {},
): Promise<Page<CategorySection>> {
  const q = parseInput(sectionQuery, input);
  return cached(
    ctx.db,
    `${CACHE_KEYS.hot}sections:${q.page}:${q.limit}`,
    async () => {
      const tree = await getCategoryTree(ctx);
      const tops = tree.list.slice(offsetOf(q.page, q.limit), offsetOf(q.page, q.limit) + q.limit);
      const list = [];
      for (const top of tops) {
        const leaves = leafIdsUnder(tree, top.store_category_id);
        if (leaves.length) list.push(await section(ctx, top.store_category_id, top.cate_name, top.pic, leaves));
      }
      return { count: tree.list.length, list };
    },
    30_000,
  );
}
