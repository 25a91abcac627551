import { sql } from 'drizzle-orm';
import { productSku } from '../../db/schema/index.ts';

/**
 * The one order every writer of SKU stock takes the SKUs' row locks in: product id, then `unique` in byte order. An
 * order (create), a cancel or refund giving stock back, and a shop's change of its product or of an offer reserved
 * from it (`lockSkus`) all lock in this order, so on PostgreSQL two of them wanting the same SKUs queue instead of
 * deadlocking. (`unique`s are ASCII: JavaScript's `<` and collation "C" agree.)
 */
export function stockOrder(a: { productId: number; unique: string }, b: { productId: number; unique: string }): number {
  return a.productId - b.productId || (a.unique < b.unique ? -1 : a.unique > b.unique ? 1 : 0);
}

/** `stockOrder` as an ORDER BY of `product_sku` rows (a `for update` then locks them in it). */
export const STOCK_ORDER_SQL = [productSku.productId, sql`${productSku.unique} collate "C"`] as const;
