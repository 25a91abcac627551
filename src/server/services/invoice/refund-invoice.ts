import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderReceipt } from '../../db/schema/index.ts';

/**
 * A refund of `refundPrice` cents reached refunded on store order `orderId` (in the transition's transaction):
 * - an invoice asked for and not issued yet is for what is left to pay, never below zero, and goes when the order is
 *   fully refunded (nothing is left to invoice);
 * - an issued invoice (1, or 10 on paper) now overstates the sale: the refund is added to its `refund_price` (all of
 *   it when the order is fully refunded, never more than the invoice) and it waits for the merchant to reverse it
 *   with a red-letter invoice and issue one for what is left (`correct_status` 1, `correctInvoice`).
 */
export async function shrinkInvoice(tx: Tx, orderId: number, refundPrice: number, fullyRefunded: boolean): Promise<void> {
  const unissued = and(eq(orderReceipt.orderId, orderId), eq(orderReceipt.status, 0));
  if (fullyRefunded) await tx.delete(orderReceipt).where(unissued);
  else
    await tx
      .update(orderReceipt)
      .set({ receiptPrice: sql`greatest(${orderReceipt.receiptPrice} - ${refundPrice}, 0)` })
      .where(unissued);
  if (refundPrice <= 0 && !fullyRefunded) return;
  await tx
    .update(orderReceipt)
    .set({
      refundPrice: fullyRefunded
        ? sql`${orderReceipt.receiptPrice}`
        : sql`least(${orderReceipt.refundPrice} + ${refundPrice}, ${orderReceipt.receiptPrice})`,
      correctStatus: 1,
    })
    .where(and(eq(orderReceipt.orderId, orderId), inArray(orderReceipt.status, [1, 10])));
}
