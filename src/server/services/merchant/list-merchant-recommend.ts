import { and, desc, eq, ne } from 'drizzle-orm';
import { product } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { visibleNormal } from '../catalogue/product-query.ts';
import { cardColumns, toCards, type ProductCard } from '../catalogue/product-card.ts';

/** "Shop recommendations": the shop's best sellers (optionally without the product being viewed). */
export async function listMerchantRecommend(
  ctx: Pick<ServiceContext, 'db'>,
  merId: number,
  opts: { exclude?: number; limit?: number } = {},
): Promise<ProductCard[]> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(product)
    .where(and(visibleNormal, eq(product.merId, merId), opts.exclude ? ne(product.productId, opts.exclude) : undefined))
    .orderBy(desc(product.sales), desc(product.productId))
    .limit(Math.min(opts.limit ?? 6, 20));
  return toCards(ctx, rows);
}
