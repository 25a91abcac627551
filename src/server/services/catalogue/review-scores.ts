import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { merchant, product, productReply } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

/**
 * Keeps the scores derived from reviews equal to them, inside the transaction that added a review:
 * - `product.rate` (cards, the "rate" sort) is the average stars of all the product's reviews, one decimal, as the
 *   seed computes it;
 * - a shop's `product_score`, `service_score` and `postage_score` (shop cards and pages) are the averages of its
 *   buyers' reviews (reviews of an order item: they carry all three scores) over all its products, one decimal. A shop
 *   none of whose buyers has reviewed yet keeps the scores it was given.
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
  const [m] = await tx
    .select({
      product: sql<string | null>`round(avg(${productReply.rate}), 1)::text`,
      service: sql<string | null>`round(avg(${productReply.serviceScore}), 1)::text`,
      postage: sql<string | null>`round(avg(${productReply.postageScore}), 1)::text`,
    })
    .from(productReply)
    .innerJoin(product, eq(product.productId, productReply.productId))
    .where(and(eq(product.merId, merId), isNotNull(productReply.orderProductId)));
  if (m?.product && m.service && m.postage) {
    await tx
      .update(merchant)
      .set({ productScore: m.product, serviceScore: m.service, postageScore: m.postage })
      .where(eq(merchant.merId, merId));
  }
}
