import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { product, productSku, refundProduct, storeOrderProduct } from '../../db/schema/index.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';

/**
 * A refund's quantities back to stock, in the caller's transaction: SKU and product stock up, sales down (never below
 * zero), on the row that was bought (a flash sale's or presale's own row for activity stock), in the global
 * product/SKU order checkout takes stock in, so it cannot deadlock with an order. The products' pages are dropped
 * (`stock:` tags) when the transaction commits.
 */
export async function restockRefund(tx: Tx, refundOrderId: number): Promise<void> {
  const items = await tx
    .select({ productId: storeOrderProduct.productId, unique: storeOrderProduct.productAttrUnique, num: refundProduct.refundNum })
    .from(refundProduct)
    .innerJoin(storeOrderProduct, eq(storeOrderProduct.orderProductId, refundProduct.orderProductId))
    .where(eq(refundProduct.refundOrderId, refundOrderId))
    .orderBy(storeOrderProduct.productId, storeOrderProduct.productAttrUnique);
  const changed = new Set<Tag>();
  for (const it of items) {
    await tx
      .update(productSku)
      .set({ stock: sql`${productSku.stock} + ${it.num}`, sales: sql`greatest(${productSku.sales} - ${it.num}, 0)` })
      .where(and(eq(productSku.productId, it.productId), eq(productSku.unique, it.unique)));
    await tx
      .update(product)
      .set({ stock: sql`${product.stock} + ${it.num}`, sales: sql`greatest(${product.sales} - ${it.num}, 0)` })
      .where(eq(product.productId, it.productId));
    changed.add(tag('stock', it.productId));
  }
  invalidate(tx, [...changed]);
}
