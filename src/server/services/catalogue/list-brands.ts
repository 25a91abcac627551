import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { brand, brandCategory } from '../../db/schema/index.ts';
import { scopeFacets } from './scope-facets.ts';
import { facetQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, offsetOf, type Page } from '../input.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { getCategoryTree, ancestorsOf, type CategoryTree } from './category-tree.ts';

export interface BrandDto {
  brand_id: number;
  brand_name: string;
  pic: string;
}

/** A category, its ancestors and all its descendants: brands may be filed at any of those levels. */
function relatedCategories(tree: CategoryTree, id: number): number[] {
  const down = (n: number): number[] => [n, ...(tree.byId.get(n)?.children ?? []).flatMap((c) => down(c.store_category_id))];
  return [...new Set([...ancestorsOf(tree, id).map((c) => c.store_category_id), ...down(id)])];
}

async function scopeOf(ctx: Pick<ServiceContext, 'db'>, keyword: string, cateId?: number): Promise<SQL | null | undefined> {
  if (!keyword && cateId === undefined) return undefined;
  const tree = await getCategoryTree(ctx);
  if (keyword) {
    // With a keyword, only brands that actually have matching products make sense as a filter.
    const { brandIds } = await scopeFacets(ctx, keyword, cateId);
    return brandIds.length ? inArray(brand.brandId, brandIds) : null;
  }
  if (!tree.byId.has(cateId!)) return null;
  const cates = relatedCategories(tree, cateId!);
  return sql`${brand.brandId} in (select ${brandCategory.brandId} from ${brandCategory} where ${inArray(brandCategory.storeCategoryId, cates)})`;
}

async function load(
  ctx: Pick<ServiceContext, 'db'>,
  keyword: string,
  cateId: number | undefined,
  page: number,
  limit: number,
): Promise<Page<BrandDto>> {
  const scope = await scopeOf(ctx, keyword, cateId);
  if (scope === null) return { count: 0, list: [] };
  const where = and(eq(brand.isShow, true), scope);
  const [list, counted] = await Promise.all([
    ctx.db
      .select({ brand_id: brand.brandId, brand_name: brand.brandName, pic: brand.pic })
      .from(brand)
      .where(where)
      .orderBy(desc(brand.sort), asc(brand.brandId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(brand).where(where),
  ]);
  return { count: counted[0]?.count ?? 0, list };
}

/**
 * `GET /api/store/product/brand/lst?keyword&pid`: brands for the filter row. By category (any level) from
 * the brand↔category links; with a keyword, the brands of the matching products. Cached (bounded).
 */
export async function listBrands(
  ctx: Pick<ServiceContext, 'db'>,
  input: { keyword?: string; cate_id?: number | string; page?: number | string; limit?: number | string },
): Promise<Page<BrandDto>> {
  const q = parseInput(facetQuery, input);
  return cached(ctx.db, `${CACHE_KEYS.brands}${q.cate_id ?? 0}:${q.keyword}:${q.page}:${q.limit}`, () =>
    load(ctx, q.keyword, q.cate_id, q.page, q.limit),
  );
}
