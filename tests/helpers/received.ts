// Test-only stand-in for shipping and receipt (being built elsewhere): moves a paid store order to "to review".
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { DELIVERY_TYPE, ORDER_STATUS, storeOrder, storeOrderStatus } from '../../src/server/db/schema/index.ts';

/**
 * Does to a paid store order what the merchant's shipment and the shopper's receipt will: in one transaction, status 0
 * (shipped here first, with `delivery_time`) or 1 becomes 2 (待评价) with `take_time`, and the timeline gets its
 * shipped and received rows. Throws when the order is not paid and waiting to be shipped or received.
 */
export async function receiveForTest(d: Database, orderId: number): Promise<void> {
  await d.db.transaction(async (tx) => {
    const at = new Date();
    const [o] = await tx.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)).for('update');
    if (!o?.paid || (o.status !== ORDER_STATUS.toShip && o.status !== ORDER_STATUS.toReceive)) {
      throw new Error(`store order ${orderId} is not paid and waiting for shipment or receipt`);
    }
    const shipNow = o.status === ORDER_STATUS.toShip;
    await tx
      .update(storeOrder)
      .set({
        status: ORDER_STATUS.toReview,
        takeTime: at,
        ...(shipNow ? { deliveryType: DELIVERY_TYPE.none, deliveryTime: at } : {}),
      })
      .where(eq(storeOrder.orderId, orderId));
    await tx
      .insert(storeOrderStatus)
      .values([
        ...(shipNow
          ? [{ orderId, groupOrderId: o.groupOrderId, changeType: 'delivery', changeMessage: '商家已发货（测试）', createdAt: at }]
          : []),
        { orderId, groupOrderId: o.groupOrderId, changeType: 'take', changeMessage: '已确认收货（测试）', createdAt: at },
      ]);
  });
}
