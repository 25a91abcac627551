import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { product, productSku, refundProduct, storeOrderProduct } from '../../db/schema/index.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';
import { stockOrder } from './stock-order.ts';
import { queueEndIfEnded } from '../merchant-api/activity-end.ts';
import { queueArrivalNotices } from '../relation/arrival-notice.ts';

/**
 * Quantities back to stock, in the caller's transaction: SKU and product stock up, sales down (never below zero), on
 * the row that was bought (a flash sale's or presale's own row for activity stock), in the order checkout takes stock
 * in (`stockOrder`), so it cannot deadlock with an order.
 * The products' pages are dropped (`stock:` tags) when the transaction commits. Pieces back on an offer that has ended
 * do not stay there: its `activity.end` job is queued due at once and moves them to its product (activity-end.ts).
 * Shoppers waiting on a SKU that comes back get their arrival notices (`queueArrivalNotices`). Used
 * by a cancelled order and a refund (`restockRefund`).
 */
export async function restockItems(
  tx: Tx,
  items: { productId: number; unique: string; num: number }[],
  /** false: the pieces do not exist (a shop refunding what it ran out of): only the sales go down. */
  opts: { stock?: boolean } = {},
): Promise<void> {
  const changed = new Set<Tag>();
  const offers: { productId: number; type: 1 | 2 }[] = [];
  const stock = opts.stock ?? true;
  for (const it of [...items].sort(stockOrder)) {
    const back = await tx
      .update(productSku)
      .set({ stock: sql`${productSku.stock} + ${stock ? it.num : 0}`, sales: sql`greatest(${productSku.sales} - ${it.num}, 0)` })
      .where(and(eq(productSku.productId, it.productId), eq(productSku.unique, it.unique)))
      .returning({ unique: productSku.unique });
    // A SKU the shop has removed since (merchant product update) takes nothing back: the product's stock stays the sum
    // of the SKUs it still sells.
    const num = back.length && stock ? it.num : 0;
    const [row] = await tx
      .update(product)
      .set({ stock: sql`${product.stock} + ${num}`, sales: sql`greatest(${product.sales} - ${it.num}, 0)` })
      .where(eq(product.productId, it.productId))
      .returning({ type: product.productType });
    if (row?.type === 1 || row?.type === 2) offers.push({ productId: it.productId, type: row.type });
    changed.add(tag('stock', it.productId));
  }
  invalidate(tx, [...changed]);
  // Shoppers waiting for a SKU that had sold out hear it is back (到货通知).
  await queueArrivalNotices(
    tx,
    items.map((it) => it.productId),
  );
  // Pieces back on a flash sale or presale that has ended go on to its product (the `activity.end` job, due at once).
  await queueEndIfEnded(tx, offers);
}

/** A refund request's quantities back to stock (`restockItems`; with `stock: false` only its sales). */
export async function restockRefund(tx: Tx, refundOrderId: number, opts: { stock?: boolean } = {}): Promise<void> {
  const items = await tx
    .select({ productId: storeOrderProduct.productId, unique: storeOrderProduct.productAttrUnique, num: refundProduct.refundNum })
    .from(refundProduct)
    .innerJoin(storeOrderProduct, eq(storeOrderProduct.orderProductId, refundProduct.orderProductId))
    .where(eq(refundProduct.refundOrderId, refundOrderId));
  await restockItems(tx, items, opts);
}
