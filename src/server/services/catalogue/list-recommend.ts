import { and, desc, eq, inArray, notInArray, or } from 'drizzle-orm';
import { product, relation } from '../../db/schema/index.ts';
import { z } from 'zod';
import { paged } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, type Page } from '../input.ts';
import { visibleNormal, openMerchants } from './product-query.ts';
import { pageOfProducts } from './product-page.ts';
import type { ProductCard } from './product-card.ts';

const recommendQuery = z.object({ ...paged(5) });

/** Categories of the shopper's favourite products (at most 10) and those products, to exclude them. */
async function tasteOf(ctx: ServiceContext): Promise<{ cates: number[]; seen: number[] }> {
  if (!ctx.user) return { cates: [], seen: [] };
  const rows = await ctx.db
    .select({ id: product.productId, cate: product.cateId })
    .from(relation)
    .innerJoin(product, eq(product.productId, relation.typeId))
    .where(and(eq(relation.uid, ctx.user.uid), eq(relation.type, 0)))
    .orderBy(desc(relation.createdAt))
    .limit(50);
  return { cates: [...new Set(rows.map((r) => r.cate))].slice(0, 10), seen: rows.map((r) => r.id) };
}

/**
 * `GET /api/product/spu/recommend`: "recommended for you". A signed-in shopper with favourites gets best
 * sellers of the categories they favour (minus what they already favourited); everyone else gets the
 * mall's best-selling boutique and good products.
 */
export async function listRecommend(
  ctx: ServiceContext,
  input: { page?: number | string; limit?: number | string } = {},
): Promise<Page<ProductCard>> {
  const q = parseInput(recommendQuery, input);
  const taste = await tasteOf(ctx);
  const scope = taste.cates.length
    ? and(inArray(product.cateId, taste.cates), taste.seen.length ? notInArray(product.productId, taste.seen) : undefined)
    : or(eq(product.isBest, true), eq(product.isGood, true));
  return pageOfProducts(
    ctx,
    and(visibleNormal, await openMerchants(ctx), scope),
    [desc(product.sales), desc(product.productId)],
    q.page,
    q.limit,
  );
}
