import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ORDER_STATUS, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { notFound } from '../input.ts';

export const ORDER_GONE = '订单不存在';

/** One of the merchant's paid orders; another merchant's, an unpaid or an unknown one is the same 404. */
export async function findMerchantOrder(db: Db, merId: number, orderId: number): Promise<typeof storeOrder.$inferSelect> {
  const [o] = await db
    .select()
    .from(storeOrder)
    .where(and(eq(storeOrder.orderId, orderId), eq(storeOrder.merId, merId), eq(storeOrder.paid, true)));
  if (!o) throw notFound(ORDER_GONE);
  return o;
}

/**
 * Takes store order `orderId`'s row lock, as a shopper's refund request does (apply-refund.ts), and tells whether one of
 * its lines has a refund in progress: a request committed while the caller waited is seen, so the shop does not hand over
 * (ship, verify) an order whose money is being asked back.
 */
export async function lockedRefunding(tx: Tx, orderId: number): Promise<boolean> {
  await tx.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.orderId, orderId)).for('update');
  const [line] = await tx
    .select({ id: storeOrderProduct.orderProductId })
    .from(storeOrderProduct)
    .where(and(eq(storeOrderProduct.orderId, orderId), eq(storeOrderProduct.isRefund, 1)))
    .limit(1);
  return !!line;
}

/** What an action on an order waiting to ship says of an order in another state, in the action's own words. */
export interface NotWaitingText {
  /** Shipped, received or done (it has left the shop). */
  gone: string;
  /** A presale waiting for its balance, and one closed unpaid (`closed` when it says more). */
  presell: string;
  closed?: string;
  refunded: string;
  /** Any other state. */
  other: string;
}

/** Why store order `o` is not waiting to ship (status 0), in `say`'s words; null when it is. */
export function notWaitingToShip(o: Pick<typeof storeOrder.$inferSelect, 'status'>, say: NotWaitingText): string | null {
  switch (o.status) {
    case ORDER_STATUS.toShip:
      return null;
    case ORDER_STATUS.toReceive:
    case ORDER_STATUS.toReview:
    case ORDER_STATUS.done:
      return say.gone;
    case ORDER_STATUS.presellBalance:
      return say.presell;
    case ORDER_STATUS.presellClosed:
      return say.closed ?? say.presell;
    case ORDER_STATUS.refunded:
      return say.refunded;
    default:
      return say.other;
  }
}
