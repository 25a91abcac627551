import { and, eq } from 'drizzle-orm';
import { product } from '../../db/schema/index.ts';
import { hotListQuery, type HotType } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, type Page } from '../input.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { visibleNormal, openMerchants, productOrder } from './product-query.ts';
import { pageOfProducts } from './product-page.ts';
import type { ProductCard } from './product-card.ts';

const FLAG = { best: product.isBest, hot: product.isHot, new: product.isNew, good: product.isGood } as const;
const ORDER = { best: '', hot: 'sales', new: 'is_new', good: 'rate' } as const;

/** Home lists are read on every home page view: their first pages are cached for this long. */
export const HOT_LIST_TTL_MS = 30_000;

/**
 * `GET /api/product/spu/hot/{type}`: the curated lists 精品推荐 (best), 热门榜单 (hot), 首发新品 (new) and
 * 推荐单品 (good). The first three pages are cached (stock badges may lag by up to 30 s there).
 */
export async function listHotProducts(
  ctx: Pick<ServiceContext, 'db'>,
  input: { type: HotType | string; page?: number | string; limit?: number | string },
): Promise<Page<ProductCard>> {
  const q = parseInput(hotListQuery, input);
  const load = async () =>
    pageOfProducts(ctx, and(visibleNormal, await openMerchants(ctx), eq(FLAG[q.type], true)), productOrder(ORDER[q.type]), q.page, q.limit);
  if (q.page > 3) return load();
  return cached(ctx.db, `${CACHE_KEYS.hot}${q.type}:${q.page}:${q.limit}`, load, HOT_LIST_TTL_MS);
}
