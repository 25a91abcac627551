import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUS, REFUND_STATUS, refundOrder, storeOrder } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { receiptInput, type ReceiptInput } from '../../../shared/schemas/invoice.ts';
import { NO_INVOICE_STATUSES } from '../../../shared/order-status.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { ORDER_GONE } from '../order/get-order.ts';
import { visiblePaid } from '../order/list-orders.ts';
import { recordInvoice } from './record-invoice.ts';

export const REQUEST_INVOICE_TEXT = {
  requested: '该订单已申请发票，请勿重复申请',
  refunded: '订单已全部退款，不能申请发票',
  presell: '预售订单支付尾款后才能申请发票',
  closed: '订单已关闭，不能申请发票',
  nothing: '订单已退款，没有可开票的金额',
} as const;

const notInvoiceable = (status: number, receipt: unknown): string => {
  if (receipt) return REQUEST_INVOICE_TEXT.requested;
  if (status === ORDER_STATUS.refunded) return REQUEST_INVOICE_TEXT.refunded;
  if (status === ORDER_STATUS.presellBalance) return REQUEST_INVOICE_TEXT.presell;
  return REQUEST_INVOICE_TEXT.closed;
};

/**
 * `POST /api/order/receipt/{order_id}` (login required, reference: the order detail's and order list's "request
 * invoice"): asks for an invoice of a paid store order that has none, with the invoice form (`receipt_type`,
 * `receipt_title_type`, `receipt_title`, `duty_paragraph`, `email`, bank details for a special VAT invoice), checked
 * by the one invoice schema. One transaction: the order's `receipt` is set only while it is still empty (two tabs, a
 * double click: the second is refused as already requested) and the merchant's invoice row is written for what the
 * shopper paid less what has been refunded. Fully refunded orders, presales awaiting their balance and closed ones are
 * refused with the reason; another shopper's, an unpaid, a deleted or an unknown order is a 404.
 */
export async function requestInvoice(ctx: ServiceContext, input: ReceiptInput & { id: unknown; mer_id?: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const mine = and(eq(storeOrder.orderId, id), visiblePaid(user.uid));
  const [o] = await ctx.db.select({ status: storeOrder.status, receipt: storeOrder.receipt }).from(storeOrder).where(mine);
  if (!o) throw notFound(ORDER_GONE);
  if (o.receipt || NO_INVOICE_STATUSES.includes(o.status)) throw new ServiceError('refused', notInvoiceable(o.status, o.receipt));
  const { id: _, ...fields } = input;
  const info = parseInput(receiptInput, fields);
  await transaction(ctx.db, async (tx) => {
    const [set] = await tx
      .update(storeOrder)
      .set({ receipt: info })
      .where(and(mine, isNull(storeOrder.receipt), notInArray(storeOrder.status, [...NO_INVOICE_STATUSES])))
      .returning({ merId: storeOrder.merId, payPrice: storeOrder.payPrice });
    if (!set) {
      // Lost a race (another tab, a refund finishing): say what became of it.
      const [after] = await tx.select({ status: storeOrder.status, receipt: storeOrder.receipt }).from(storeOrder).where(mine);
      if (!after) throw notFound(ORDER_GONE);
      throw new ServiceError('refused', notInvoiceable(after.status, after.receipt));
    }
    const [refunded] = await tx
      .select({ cents: sql<number>`coalesce(sum(${refundOrder.refundPrice}), 0)::int` })
      .from(refundOrder)
      .where(and(eq(refundOrder.orderId, id), eq(refundOrder.status, REFUND_STATUS.refunded)));
    const amount = set.payPrice - (refunded?.cents ?? 0);
    if (amount <= 0) throw new ServiceError('refused', REQUEST_INVOICE_TEXT.nothing);
    await recordInvoice(tx, { orderId: id, uid: user.uid, merId: set.merId, payPrice: amount, info });
  });
}
