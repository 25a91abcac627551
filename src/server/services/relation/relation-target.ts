import { and, eq, sql } from 'drizzle-orm';
import { merchant, presell, product } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { notFound } from '../input.ts';
import { PRODUCT_GONE } from '../catalogue/product-detail.ts';
import { SHOP_CLOSED } from '../merchant/get-merchant.ts';

/** Throws a 404 unless the thing to favourite / follow exists and is visible. */
export async function assertRelationTarget(ctx: Pick<ServiceContext, 'db'>, type: number, id: number): Promise<void> {
  let rows: unknown[];
  if (type === 10) {
    rows = await ctx.db
      .select({ id: merchant.merId })
      .from(merchant)
      .where(and(eq(merchant.merId, id), eq(merchant.status, true)));
    if (!rows.length) throw notFound(SHOP_CLOSED);
    return;
  }
  if (type === 2) {
    rows = await ctx.db
      .select({ id: presell.productPresellId })
      .from(presell)
      .innerJoin(product, eq(product.productId, presell.productId))
      .where(and(eq(presell.productPresellId, id), eq(presell.status, true), eq(product.status, 1)));
  } else {
    rows = await ctx.db
      .select({ id: product.productId })
      .from(product)
      .where(and(eq(product.productId, id), sql`${product.status} = 1`, eq(product.productType, type)));
  }
  if (!rows.length) throw notFound(PRODUCT_GONE);
}
