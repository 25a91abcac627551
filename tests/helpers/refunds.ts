// Refund fixtures for service tests. The merchant's side of refunds (approve, refuse, receive, pay back) is built by
// another engineer; until it lands, tests that need a request past review move it with these clearly named helpers.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { REFUND_STATUS, refundOrder, storeOrder, storeOrderProduct } from '../../src/server/db/schema/index.ts';
import { recomputeRefundState } from '../../src/server/services/refund/refund-state.ts';

/**
 * TEST FIXTURE, not the merchant API: what the merchant's approval of a return will do to a request under review
 * (status 0 → 1, the return address copied), in one transaction under the store order's lock, with the items' state
 * recomputed. Throws when the request is not under review.
 */
export async function approveReturnForTest(d: Database, refundOrderId: number): Promise<void> {
  await d.db.transaction(async (tx) => {
    const [r] = await tx.select().from(refundOrder).where(eq(refundOrder.refundOrderId, refundOrderId));
    if (!r) throw new Error(`refund ${refundOrderId} does not exist`);
    await tx.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.orderId, r.orderId)).for('update');
    const [done] = await tx
      .update(refundOrder)
      .set({
        status: REFUND_STATUS.awaitReturn,
        statusTime: new Date(),
        merDeliveryUser: '退货仓',
        merDeliveryPhone: '0571-88886666',
        merDeliveryAddress: '浙江省杭州市西湖区文三路100号 售后部',
      })
      .where(and(eq(refundOrder.refundOrderId, refundOrderId), eq(refundOrder.status, REFUND_STATUS.review)))
      .returning();
    if (!done) throw new Error(`refund ${refundOrderId} is not under review`);
    await recomputeRefundState(tx, r.orderId, new Date());
  });
}

/** TEST FIXTURE: sets a request's status directly (refused, refunded: the merchant side's outcomes), recomputing the items. */
export async function setRefundStatusForTest(d: Database, refundOrderId: number, status: number): Promise<void> {
  await d.db.transaction(async (tx) => {
    const [r] = await tx.update(refundOrder).set({ status }).where(eq(refundOrder.refundOrderId, refundOrderId)).returning();
    if (!r) throw new Error(`refund ${refundOrderId} does not exist`);
    await recomputeRefundState(tx, r.orderId, new Date());
  });
}

/** The lines of a store order, in order. */
export async function linesOf(d: Database, orderId: number) {
  return d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId)).orderBy(storeOrderProduct.orderProductId);
}
