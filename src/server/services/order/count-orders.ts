import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS, REFUND_STATUS, refundOrder, storeGroupOrder, storeOrder } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { now } from '../dates.ts';
import { visiblePaid } from './list-orders.ts';

/** `GET /api/order/number`: what each tab of `/user/order_list` holds. */
export interface OrderCountsDto {
  /**
   * Every paid order but presales awaiting their balance or closed: what `GET /api/order/list?status=-2` lists, the
   * reference's 全部 tab (its unpaid orders are counted by `noPay`; our own 全部订单 tab shows both, see the loader).
   */
  all: number;
  /** Unpaid group orders still payable (not cancelled, not past their deadline). */
  noPay: number;
  /** To ship (status 0, or 9). */
  noPostage: number;
  /** Shipped, to receive (1). */
  noDeliver: number;
  /** Received, to review (2). */
  noComment: number;
  /** Done (3). */
  done: number;
  /** Refund requests in progress (under review, awaiting the return, awaiting the merchant's receipt): the 售后 tab. */
  refund: number;
}

/** Unpaid group orders of shopper `uid` still payable (not cancelled, not deleted, not past their deadline): 待付款. */
export async function countPayable(db: Db, uid: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeGroupOrder)
    .where(
      and(
        eq(storeGroupOrder.uid, uid),
        eq(storeGroupOrder.paid, false),
        eq(storeGroupOrder.isCancel, false),
        eq(storeGroupOrder.isDel, false),
        gt(storeGroupOrder.cancelTime, now()),
      ),
    );
  return row?.n ?? 0;
}

/** `GET /api/order/number` (login required): the shopper's order counts; deleted orders are not counted. */
export async function countOrders(ctx: ServiceContext): Promise<OrderCountsDto> {
  const user = requireUser(ctx);
  const [noPay, byStatus, [refunding]] = await Promise.all([
    countPayable(ctx.db, user.uid),
    ctx.db
      .select({ status: storeOrder.status, n: sql<number>`count(*)::int` })
      .from(storeOrder)
      .where(visiblePaid(user.uid))
      .groupBy(storeOrder.status),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refundOrder)
      .where(
        and(
          eq(refundOrder.uid, user.uid),
          eq(refundOrder.isDel, false),
          inArray(refundOrder.status, [REFUND_STATUS.review, REFUND_STATUS.awaitReturn, REFUND_STATUS.awaitReceipt]),
        ),
      ),
  ]);
  const of = (...statuses: number[]) => byStatus.filter((r) => statuses.includes(r.status)).reduce((a, r) => a + r.n, 0);
  const paidShown = byStatus
    .filter((r) => r.status !== ORDER_STATUS.presellBalance && r.status !== ORDER_STATUS.presellClosed)
    .reduce((a, r) => a + r.n, 0);
  return {
    all: paidShown,
    noPay,
    noPostage: of(ORDER_STATUS.toShip, 9),
    noDeliver: of(ORDER_STATUS.toReceive),
    noComment: of(ORDER_STATUS.toReview),
    done: of(ORDER_STATUS.done),
    refund: refunding?.n ?? 0,
  };
}
