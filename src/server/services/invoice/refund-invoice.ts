import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderReceipt } from '../../db/schema/index.ts';

/**
 * A refund of `refundPrice` cents reached refunded on store order `orderId` (in the transition's transaction): the
 * invoice asked for it and not issued yet is for what is left to pay, never below zero, and goes when the order is
 * fully refunded (nothing is left to invoice). An issued invoice stays as issued: the merchant corrects it.
 */
export async function shrinkInvoice(tx: Tx, orderId: number, refundPrice: number, fullyRefunded: boolean): Promise<void> {
  const unissued = and(eq(orderReceipt.orderId, orderId), eq(orderReceipt.status, 0));
  if (fullyRefunded) {
    await tx.delete(orderReceipt).where(unissued);
    return;
  }
  await tx
    .update(orderReceipt)
    .set({ receiptPrice: sql`greatest(${orderReceipt.receiptPrice} - ${refundPrice}, 0)` })
    .where(unissued);
}
