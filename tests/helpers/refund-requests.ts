// Refund requests for service tests of the merchant's side, made the way the shopper's apply makes them: the
// refund_order and refund_product rows and recomputeRefundState in one transaction, under the store order's row lock.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { REFUND_STATUS, refundOrder, refundProduct, storeOrder } from '../../src/server/db/schema/index.ts';
import { recomputeRefundState } from '../../src/server/services/refund/refund-state.ts';
import type { Shopper } from './checkout.ts';

/** An item asked back: the order line and how many of it. */
export interface RefundItem {
  orderProductId: number;
  num: number;
}

/**
 * A refund request under review (status 0) by `shopper` on their store order `orderId` for `items`, `refundType` 1
 * (refund only) or 2 (return and refund), `price` cents in all (spread over the items by quantity, the remainder on
 * the first). Returns the refund_order row.
 */
export async function refundRequestForTest(
  d: Database,
  shopper: Shopper,
  orderId: number,
  items: RefundItem[],
  refundType: 1 | 2,
  price: number,
): Promise<typeof refundOrder.$inferSelect> {
  const at = new Date();
  return d.db.transaction(async (tx) => {
    const [o] = await tx.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)).for('update');
    if (!o || o.uid !== shopper.user.uid) throw new Error(`order ${orderId} is not the shopper's`);
    const total = items.reduce((a, i) => a + i.num, 0);
    const [r] = await tx
      .insert(refundOrder)
      .values({
        refundOrderSn: `rf${Date.now()}${randomBytes(4).toString('hex')}`,
        orderId,
        uid: shopper.user.uid,
        merId: o.merId,
        applyType: items.length > 1 ? 2 : 1,
        refundType,
        refundNum: total,
        refundPrice: price,
        refundMessage: '不想要了',
        mark: '测试退款',
        pics: [],
        phone: '13800001111',
        status: REFUND_STATUS.review,
        createdAt: at,
        statusTime: at,
      })
      .returning();
    let left = price;
    const shares = items.map((i) => Math.floor((price * i.num) / total));
    shares[0]! += price - shares.reduce((a, s) => a + s, 0);
    for (const [k, i] of items.entries()) {
      left -= shares[k]!;
      await tx
        .insert(refundProduct)
        .values({ refundOrderId: r!.refundOrderId, orderProductId: i.orderProductId, refundNum: i.num, refundPrice: shares[k]! });
    }
    if (left !== 0) throw new Error('shares do not add up');
    await recomputeRefundState(tx, orderId, at);
    return r!;
  });
}

/** The buyer's return shipment as the shopper's back_goods will record it: status 1 → 2 with a tracking number. */
export async function shipReturnForTest(d: Database, refundOrderId: number, trackingNo = 'SF1234567890'): Promise<void> {
  await d.db.transaction(async (tx) => {
    const [r] = await tx.select().from(refundOrder).where(eq(refundOrder.refundOrderId, refundOrderId));
    await tx.select().from(storeOrder).where(eq(storeOrder.orderId, r!.orderId)).for('update');
    const moved = await tx
      .update(refundOrder)
      .set({
        status: REFUND_STATUS.awaitReceipt,
        deliveryType: '顺丰速运',
        deliveryId: trackingNo,
        deliveryPhone: '13800001111',
        deliveryTime: new Date(),
        statusTime: new Date(),
      })
      .where(eq(refundOrder.refundOrderId, refundOrderId))
      .returning();
    if (!moved.length || r!.status !== REFUND_STATUS.awaitReturn) throw new Error('not awaiting the return shipment');
    await recomputeRefundState(tx, r!.orderId, new Date());
  });
}
