import { eq, sql } from 'drizzle-orm';
import { merchant, product, productReply } from '../../db/schema/index.ts';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Keeps the scores derived from reviews equal to them, inside the transaction that added a review:
 * - `product.rate` (cards, the "rate" sort) is the average stars of all the product's reviews, one decimal, as the
 *   seed computes it;
 * - a shop's `product_score`, `service_score` and `postage_score` (shop cards and pages) are the averages over all its
 *   products' reviews (`refreshShopScores`), so one new review moves them as much as it moves the reviews the shop's
 *   pages show. Before, they were the averages of its buyers' reviews only: the first one replaced the shop's scores
 *   outright (4.8 to 4.0 after a single 4-star review), while its products showed hundreds of reviews.
 * Each row is locked before its average is read, so two reviews committing at once both count (on PostgreSQL each
 * statement reads what was committed before it, and the second waits for the first's lock).
 */
export async function recomputeScores(tx: Tx, productId: number, merId: number): Promise<void> {
  await tx.select({ id: product.productId }).from(product).where(eq(product.productId, productId)).for('update');
  const [p] = await tx
    .select({ avg: sql<string | null>`round(avg(${productReply.rate}), 1)::text` })
    .from(productReply)
    .where(eq(productReply.productId, productId));
  if (p?.avg) await tx.update(product).set({ rate: p.avg }).where(eq(product.productId, productId));

  await tx.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merId, merId)).for('update');
  await refreshShopScores(tx, merId);
}

/**
 * Sets the shops' three scores (one shop, or every shop with reviews) to the averages of their products' reviews, one
 * decimal: the stars for the product score, and each review's service and delivery scores, or its stars when it has
 * none (a review not written for an order item), for the other two. A shop without reviews keeps what it has.
 */
export async function refreshShopScores(tx: Db | Tx, merId?: number): Promise<void> {
  await tx.execute(sql`
    update ${merchant} set product_score = s.p, service_score = s.s, postage_score = s.o
    from (
      select ${product.merId} as mer_id,
        round(avg(${productReply.rate}), 1) as p,
        round(avg(coalesce(${productReply.serviceScore}, ${productReply.rate})), 1) as s,
        round(avg(coalesce(${productReply.postageScore}, ${productReply.rate})), 1) as o
      from ${productReply} join ${product} on ${product.productId} = ${productReply.productId}
      ${merId === undefined ? sql`` : sql`where ${product.merId} = ${merId}`}
      group by ${product.merId}
    ) s
    where ${merchant.merId} = s.mer_id`);
}
