import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_STATUS,
  REFUND_STATUS,
  refundOrder,
  refundProduct,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

/** Item `is_refund` (reference section 3): 0 none, 1 a refund in progress, 2 partly refunded, 3 fully refunded. */
export const ITEM_REFUND = { none: 0, inProgress: 1, partly: 2, fully: 3 } as const;

/** Refund statuses that hold an item's quantity (requested, not yet refunded, refused or cancelled). */
export const REFUND_OPEN = [REFUND_STATUS.review, REFUND_STATUS.awaitReturn, REFUND_STATUS.awaitReceipt] as const;

/**
 * Recomputes, from the refund requests themselves, what every item of store order `orderId` shows and what the order
 * is: per item `refund_num` = bought − held by open requests − refunded, `is_refund` from them (open > fully > partly
 * > none); and the order becomes -1 (退款) once every item is fully refunded, with a timeline line. The caller holds
 * the store order's row lock (`select ... for update` on store_order) in the same transaction, so two requests on
 * one order are applied one after the other and the numbers never drift. Call it after every change of a refund
 * request's status or items: apply, cancel, refuse, approve, receipt, refunded.
 */
export async function recomputeRefundState(tx: Tx, orderId: number, at: Date): Promise<{ fullyRefunded: boolean }> {
  const items = await tx.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
  if (!items.length) return { fullyRefunded: false };
  const rows = await tx
    .select({
      orderProductId: refundProduct.orderProductId,
      status: refundOrder.status,
      num: sql<number>`sum(${refundProduct.refundNum})::int`,
    })
    .from(refundProduct)
    .innerJoin(refundOrder, eq(refundOrder.refundOrderId, refundProduct.refundOrderId))
    .where(
      and(
        eq(refundOrder.orderId, orderId),
        inArray(
          refundProduct.orderProductId,
          items.map((i) => i.orderProductId),
        ),
      ),
    )
    .groupBy(refundProduct.orderProductId, refundOrder.status);
  const sum = (id: number, statuses: readonly number[]) =>
    rows.filter((r) => r.orderProductId === id && statuses.includes(r.status)).reduce((a, r) => a + r.num, 0);
  let allRefunded = true;
  for (const i of items) {
    const open = sum(i.orderProductId, REFUND_OPEN);
    const refunded = sum(i.orderProductId, [REFUND_STATUS.refunded]);
    const left = Math.max(0, i.productNum - open - refunded);
    const isRefund =
      open > 0
        ? ITEM_REFUND.inProgress
        : refunded >= i.productNum
          ? ITEM_REFUND.fully
          : refunded > 0
            ? ITEM_REFUND.partly
            : ITEM_REFUND.none;
    if (refunded < i.productNum) allRefunded = false;
    if (left !== i.refundNum || isRefund !== i.isRefund) {
      await tx.update(storeOrderProduct).set({ refundNum: left, isRefund }).where(eq(storeOrderProduct.orderProductId, i.orderProductId));
    }
  }
  if (!allRefunded) return { fullyRefunded: false };
  const [o] = await tx
    .update(storeOrder)
    .set({ status: ORDER_STATUS.refunded })
    .where(and(eq(storeOrder.orderId, orderId), sql`${storeOrder.status} <> ${ORDER_STATUS.refunded}`))
    .returning({ groupOrderId: storeOrder.groupOrderId });
  if (o) {
    await tx.insert(storeOrderStatus).values({
      orderId,
      groupOrderId: o.groupOrderId,
      changeType: 'refund_all',
      changeMessage: '订单已全部退款',
      createdAt: at,
    });
  }
  return { fullyRefunded: true };
}
