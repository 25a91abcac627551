import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { REFUND_STATUS, refundOrder, storeOrder, storeOrderStatus } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError } from '../errors.ts';
import { now } from '../dates.ts';
import { recomputeRefundState } from './refund-state.ts';
import { payRefundNow, queueRefundMoney } from './refund-money.ts';
import { shrinkInvoice } from '../invoice/refund-invoice.ts';
import { findMerchantRefund, merchantRefundDtos, type MerchantRefundDto } from './merchant-refund-dto.ts';

type RefundRow = typeof refundOrder.$inferSelect;
type RefundChange = Partial<typeof refundOrder.$inferInsert>;

export const MERCHANT_REFUND_TEXT = {
  notReview: '该退款申请已处理，不能重复审核',
  cancelled: '买家已取消该退款申请',
  refused: '该退款申请已被拒绝',
  refunded: '该退款申请已退款',
  awaitReturn: '买家尚未寄回商品，不能确认收货',
  notAwaitReceipt: '该退款申请当前不是待收货状态',
  noAddress: '店铺未设置退货地址，请在请求中填写 return_address',
  noReturnContact: '店铺未设置退货联系电话，请在请求中填写 return_phone',
} as const;

/** Why a refund request in `status` cannot take the transition that expects `from` (the message the merchant reads). */
export function refusalFor(status: number, from: number): string {
  if (status === REFUND_STATUS.cancelled) return MERCHANT_REFUND_TEXT.cancelled;
  if (from === REFUND_STATUS.review) {
    return status === REFUND_STATUS.refused ? MERCHANT_REFUND_TEXT.refused : MERCHANT_REFUND_TEXT.notReview;
  }
  if (status === REFUND_STATUS.review || status === REFUND_STATUS.awaitReturn) return MERCHANT_REFUND_TEXT.awaitReturn;
  if (status === REFUND_STATUS.refunded) return MERCHANT_REFUND_TEXT.refunded;
  if (status === REFUND_STATUS.refused) return MERCHANT_REFUND_TEXT.refused;
  return MERCHANT_REFUND_TEXT.notAwaitReceipt;
}

export interface Transition {
  /** The status the request must be in. */
  from: number;
  /** What the conditional update sets (status and its fields). */
  set: RefundChange;
  /** Timeline lines of the store order. */
  timeline: { changeType: string; changeMessage: string }[];
  /** Extra work in the same transaction, after the flip and before the recomputation (stock back). */
  also?: (tx: Tx, r: RefundRow, at: Date) => Promise<void>;
}

/**
 * Moves one of the merchant's refund requests in ONE transaction: locks the store order row first (so every change
 * of requests on one order is serialised with the shopper's apply and cancel), flips the request by a conditional
 * update on its current status (a second or concurrent call, or a race with the shopper's cancel, finds nothing and is
 * refused with what the request is now), runs `also`, writes the timeline, recomputes the items' refund state, and
 * when the request reaches refunded queues the money back (`refund.pay`), settles the order's points if it is now
 * fully refunded, brings an invoice not issued yet down to what is left and marks an issued one for correction
 * (refund-invoice.ts). After the commit
 * the money is tried at once (the job is the safety net). Returns the request.
 */
export async function moveMerchantRefund(db: Db, merId: number, id: number, t: Transition): Promise<MerchantRefundDto> {
  const r = await findMerchantRefund(db, merId, id);
  if (r.status !== t.from) throw new ServiceError('refused', refusalFor(r.status, t.from));
  const at = now();
  const moved = await transaction(db, async (tx) => {
    const [o] = await tx
      .select({ orderId: storeOrder.orderId, groupOrderId: storeOrder.groupOrderId })
      .from(storeOrder)
      .where(eq(storeOrder.orderId, r.orderId))
      .for('update');
    const [row] = await tx
      .update(refundOrder)
      .set({ ...t.set, statusTime: at })
      .where(and(eq(refundOrder.refundOrderId, r.refundOrderId), eq(refundOrder.merId, merId), eq(refundOrder.status, t.from)))
      .returning();
    if (!row) return null;
    if (t.also) await t.also(tx, row, at);
    // The transition's lines first: the order's own line (订单已全部退款) follows them in the timeline.
    if (t.timeline.length) {
      await tx
        .insert(storeOrderStatus)
        .values(t.timeline.map((l) => ({ ...l, orderId: row.orderId, groupOrderId: o?.groupOrderId ?? 0, createdAt: at })));
    }
    const { fullyRefunded } = await recomputeRefundState(tx, row.orderId, at);
    if (row.status === REFUND_STATUS.refunded) {
      await queueRefundMoney(tx, row, fullyRefunded, at);
      await shrinkInvoice(tx, row.orderId, row.refundPrice, fullyRefunded);
    }
    return row;
  });
  if (!moved) {
    const now = await findMerchantRefund(db, merId, id);
    throw new ServiceError('refused', refusalFor(now.status, t.from));
  }
  if (moved.status === REFUND_STATUS.refunded) await payRefundNow(db, moved.refundOrderId);
  return (await merchantRefundDtos(db, [await findMerchantRefund(db, merId, id)]))[0]!;
}
