import { and, desc, eq, inArray } from 'drizzle-orm';
import { ORDER_STATUS, REFUND_STATUS, refundOrder, storeOrder, storeOrderStatus } from '../../db/schema/index.ts';
import { settleRefundPoints } from '../refund/refund-money.ts';
import { REFUND_OPEN } from '../refund/refund-state.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { now } from '../dates.ts';
import { changeWallet } from '../wallet/change-wallet.ts';
import { afterSaleSettings, DAY_MS, pointsFor } from './order-rules.ts';

/**
 * Who received an order: the shopper (only their own order), the system after `order_take_days`, or the shop's rider
 * on handing it over (the shopper told them the receipt code).
 */
export type ReceivedBy = { uid: number } | 'system' | 'rider';

export const RECEIVE_TEXT = {
  byShopper: '用户已确认收货',
  bySystem: '系统自动确认收货',
  byRider: '配送员已送达，收货码核验通过',
  pointsTitle: '确认收货赠送积分',
  collectedPointsTitle: '到店自提赠送积分',
} as const;

/**
 * What `receiveOrderFor` did: received the order, or refused because a refund request of it is open (the system only),
 * or because it is not (or no longer) a shipped order awaiting receipt (of that shopper, for `{uid}`).
 */
export type ReceiveOutcome = 'received' | 'refundOpen' | 'notAwaiting';

/**
 * Receives a shipped order (status 1 → 2 with `take_time` and a timeline row) and gives the shopper the points the
 * site gives for it (`order_give_integral` per yuan paid while `integral_status` is on, with its `user_bill` row),
 * all in one transaction. The system (`order.receive`) does not receive an order with a refund request open, checked
 * under the store order's row lock (false: it waits). Exactly once: the conditional update flips the order only from status 1, so a second or
 * concurrent call (the shopper twice, the shopper and the job) finds nothing and returns false. With `{uid}` only
 * that shopper's order is received.
 */
export async function receiveOrder(db: Db, orderId: number, by: ReceivedBy, at: Date = now()): Promise<boolean> {
  return (await receiveOrderFor(db, orderId, by, at)) === 'received';
}

/** `receiveOrder`, saying why it refused (`autoReceive` waits a day for an open refund request, not for anything else). */
export async function receiveOrderFor(db: Db, orderId: number, by: ReceivedBy, at: Date = now()): Promise<ReceiveOutcome> {
  const settings = await afterSaleSettings(db);
  return transaction(db, async (tx): Promise<ReceiveOutcome> => {
    if (by === 'system') {
      // The store order's row first, as a refund request takes it (apply-refund.ts): a request committed while this
      // waited is seen, and the order waits for it (autoReceive looks again a day later).
      await tx.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.orderId, orderId)).for('update');
      if (await hasOpenRefund(tx, orderId)) return 'refundOpen';
    }
    const [o] = await tx
      .update(storeOrder)
      .set({ status: ORDER_STATUS.toReview, takeTime: at })
      .where(
        and(
          eq(storeOrder.orderId, orderId),
          eq(storeOrder.status, ORDER_STATUS.toReceive),
          eq(storeOrder.paid, true),
          eq(storeOrder.isDel, false),
          typeof by === 'string' ? undefined : eq(storeOrder.uid, by.uid),
        ),
      )
      .returning();
    if (!o) return 'notAwaiting';
    await tx.insert(storeOrderStatus).values({
      orderId: o.orderId,
      groupOrderId: o.groupOrderId,
      changeType: 'take_delivery',
      changeMessage: by === 'system' ? RECEIVE_TEXT.bySystem : by === 'rider' ? RECEIVE_TEXT.byRider : RECEIVE_TEXT.byShopper,
      createdAt: at,
    });
    await giveOrderPoints(tx, o, settings, at);
    return 'received';
  });
}

/**
 * The points the site gives for an order the shopper now has (received, or collected at the shop: verify-order.ts):
 * `order_give_integral` per yuan paid while `integral_status` is on, with its `user_bill` row, in the caller's
 * transaction. Once per order whatever happens: the ledger's unique (uid, category, type, link_id); each refund takes
 * back its items' share (refund-money.ts), and the share of items refunded before is taken back here at once.
 */
export async function giveOrderPoints(
  tx: Tx,
  o: Pick<typeof storeOrder.$inferSelect, 'uid' | 'orderId' | 'orderSn' | 'payPrice'>,
  settings: Awaited<ReturnType<typeof afterSaleSettings>>,
  at: Date,
  collected = false,
): Promise<void> {
  const points = settings.integralOpen ? pointsFor(o.payPrice, settings.givePerYuan) : 0;
  if (points <= 0) return;
  const given = await changeWallet(tx, {
    uid: o.uid,
    category: 'integral',
    type: 'order_give',
    pm: 1,
    number: points,
    linkId: String(o.orderId),
    title: collected ? RECEIVE_TEXT.collectedPointsTitle : RECEIVE_TEXT.pointsTitle,
    mark: `订单${o.orderSn}${collected ? '已到店自提' : '确认收货'}，获得${points}积分`,
    at,
  });
  if (given.status !== 'applied') return;
  // Items refunded before the order was received earned none of these: their share is taken back at once, as their
  // refunds would have taken it (the cumulative rule of settleRefundPoints, linked to the order's last refund).
  const [last] = await tx
    .select()
    .from(refundOrder)
    .where(and(eq(refundOrder.orderId, o.orderId), eq(refundOrder.status, REFUND_STATUS.refunded)))
    .orderBy(desc(refundOrder.refundOrderId))
    .limit(1);
  if (last) await settleRefundPoints(tx, last, false, at);
}

/**
 * The `order.receive` job, queued by the merchant API when it ships an order, due `order_take_days` after shipping:
 * receives the order if it is still waiting (status 1). Received by the shopper meanwhile, refunded, or run twice:
 * nothing changes. Run before the order is due (a clock ahead of the shipper's, or `order_take_days` raised since
 * shipping), it receives nothing and tries again at the due time through a follow-up job keyed by that time.
 * While a refund request of the order is open (under review, awaiting the return or its receipt) the order waits too:
 * the job looks again a day later, so a shopper sending goods back is not marked as having received them (nor given
 * the points for them) meanwhile.
 */
export const autoReceive: JobDefinition<{ orderId: number }> = {
  async run({ orderId }, { db, now: at }) {
    const [o] = await db
      .select({ status: storeOrder.status, deliveryTime: storeOrder.deliveryTime })
      .from(storeOrder)
      .where(eq(storeOrder.orderId, orderId));
    if (!o || o.status !== ORDER_STATUS.toReceive) return;
    const { takeDays } = await afterSaleSettings(db);
    // Shipped without a time (never through the merchant API): the job's own schedule is all there is.
    const due = o.deliveryTime ? new Date(o.deliveryTime.getTime() + takeDays * DAY_MS) : at;
    if (due > at) {
      await enqueue(db, 'order.receive', { orderId }, { runAt: due, key: `${orderId}@${due.getTime()}` });
      return;
    }
    // Due: the receipt itself asks for an open refund request, under the store order's row lock (one query a run).
    if ((await receiveOrderFor(db, orderId, 'system', at)) === 'refundOpen') {
      const tomorrow = new Date(at.getTime() + DAY_MS);
      await enqueue(db, 'order.receive', { orderId }, { runAt: tomorrow, key: `${orderId}@${tomorrow.getTime()}` });
    }
  },
};

/** Whether a refund request of store order `orderId` is open (under review, awaiting the return or its receipt). */
async function hasOpenRefund(db: Db, orderId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: refundOrder.refundOrderId })
    .from(refundOrder)
    .where(and(eq(refundOrder.orderId, orderId), inArray(refundOrder.status, [...REFUND_OPEN])))
    .limit(1);
  return !!open;
}
