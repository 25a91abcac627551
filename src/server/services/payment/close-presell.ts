import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS, presellOrder, storeOrder, storeOrderProduct, storeOrderStatus } from '../../db/schema/index.ts';
import { restockItems } from '../order/restock.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { transaction } from '../../db/transaction.ts';

/**
 * The `presell.close` job, queued when a deposit is paid, due at the end of the balance window: an unpaid balance
 * closes the order (status 11, reference section 3; the deposit is not returned) and its units go back on sale in the
 * same transaction (`restockItems`: to the presale, or on to its product once the presale has ended). Paid, already
 * closed, or run twice: nothing changes.
 */
export const closePresell: JobDefinition<{ orderId: number }> = {
  async run({ orderId }, { db, now }) {
    await transaction(db, async (tx) => {
      const [po] = await tx
        .update(presellOrder)
        .set({ status: 0 })
        .where(and(eq(presellOrder.orderId, orderId), eq(presellOrder.paid, 0), eq(presellOrder.status, 1)))
        .returning();
      if (!po) return;
      if (po.finalEndTime > now) throw new Error(`presale order ${orderId} is not due before ${po.finalEndTime.toISOString()}`);
      const [o] = await tx
        .update(storeOrder)
        .set({ status: ORDER_STATUS.presellClosed })
        .where(and(eq(storeOrder.orderId, orderId), eq(storeOrder.status, ORDER_STATUS.presellBalance)))
        .returning({ groupOrderId: storeOrder.groupOrderId });
      if (o) {
        await tx.insert(storeOrderStatus).values({
          orderId,
          groupOrderId: o.groupOrderId,
          changeType: 'presell_close',
          changeMessage: '尾款未在支付时间内支付，订单已关闭',
          createdAt: now,
        });
        const items = await tx
          .select({
            productId: storeOrderProduct.productId,
            unique: storeOrderProduct.productAttrUnique,
            num: storeOrderProduct.productNum,
          })
          .from(storeOrderProduct)
          .where(eq(storeOrderProduct.orderId, orderId));
        await restockItems(tx, items);
      }
    });
  },
};
