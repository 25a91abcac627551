import { orderReceipt } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { ReceiptFields } from '../../../shared/schemas/invoice.ts';

/**
 * The invoice a store order asked for (`receipt_data[mer_id]` at checkout, already checked by `receiptInput`),
 * written in the order's create transaction: one row per store order (a second call for the same order changes
 * nothing), not issued, for the store order's pay price in cents.
 */
export async function recordInvoice(
  tx: Tx,
  o: { orderId: number; uid: number; merId: number; payPrice: number; info: ReceiptFields },
): Promise<void> {
  await tx
    .insert(orderReceipt)
    .values({ orderId: o.orderId, uid: o.uid, merId: o.merId, receiptInfo: o.info, receiptPrice: o.payPrice })
    .onConflictDoNothing({ target: orderReceipt.orderId });
}
