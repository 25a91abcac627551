import { and, inArray } from 'drizzle-orm';
import { product } from '../../db/schema/index.ts';
import { productListQuery, type ProductListQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, type Page } from '../input.ts';
import { getCategoryTree, leafIdsUnder } from './category-tree.ts';
import { visibleNormal, openMerchants, keywordMatch, paramFilters, priceBetween } from './product-query.ts';
import { listingPage } from './product-page.ts';
import type { ProductCard } from './product-card.ts';

/**
 * `GET /api/product/spu/lst`: normal products on sale in open shops, filtered by keyword (Chinese
 * substrings), category of any level (descendants included), brands, shop types, parameter values and a
 * price range (yuan), sorted by `order`. Bad input is a 400; an unknown category is an empty page.
 */
export async function listProducts(ctx: Pick<ServiceContext, 'db'>, input: ProductListQuery): Promise<Page<ProductCard>> {
  const q = parseInput(productListQuery, input);
  let cateIds: number[] | undefined;
  if (q.cate_pid !== undefined) {
    cateIds = leafIdsUnder(await getCategoryTree(ctx), q.cate_pid);
    if (!cateIds.length) return { count: 0, list: [] };
  }
  const shops = await openMerchants(ctx, q.mer_type_id);
  const narrowing = [
    keywordMatch(q.keyword),
    q.brand_id.length ? inArray(product.brandId, q.brand_id) : undefined,
    ...priceBetween(q.price_on, q.price_off),
    ...paramFilters(q.filter_params),
  ].filter(Boolean);
  const where = and(visibleNormal, shops, cateIds ? inArray(product.cateId, cateIds) : undefined, ...narrowing);
  // A leaf category's whole list is read by prepared statements on PGlite: one plan (its category index) for every leaf.
  // Lists of several categories are planned for their categories each time (a generic plan could walk the whole mall).
  const leaf = cateIds?.length === 1 && !shops && !narrowing.length;
  return listingPage(ctx, where, q.order, q.page, q.limit, q.keyword, leaf ? 'leaf-category' : undefined);
}
