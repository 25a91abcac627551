import { and, desc, eq } from 'drizzle-orm';
import { product } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { visibleNormal } from '../catalogue/product-query.ts';
import { cardColumns, toCards, type ProductCard } from '../catalogue/product-card.ts';

/** Recommendations kept per shop: the most any page asks for, and one more to leave out the product being viewed. */
const KEPT = 21;

/**
 * "Shop recommendations": the shop's best sellers (optionally without the product being viewed). The shop's top
 * sellers come from the read cache (services/cache.ts: dropped by any product change, as a list's order depends on
 * every product), so a product page does not query them.
 */
export async function listMerchantRecommend(
  ctx: Pick<ServiceContext, 'db'>,
  merId: number,
  opts: { exclude?: number; limit?: number } = {},
): Promise<ProductCard[]> {
  const top = await cached(ctx.db, `${CACHE_KEYS.merchantRecommend}${merId}`, () =>
    ctx.db
      .select(cardColumns)
      .from(product)
      .where(and(visibleNormal, eq(product.merId, merId)))
      .orderBy(desc(product.sales), desc(product.productId))
      .limit(KEPT),
  );
  const limit = Math.min(opts.limit ?? 6, KEPT - 1);
  return toCards(ctx, top.filter((r) => r.product_id !== opts.exclude).slice(0, limit));
}
