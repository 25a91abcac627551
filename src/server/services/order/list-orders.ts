import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { merchant, ORDER_STATUS, presellOrder, storeOrder } from '../../db/schema/index.ts';
import type { ListPage } from '../../../shared/dto.ts';
import {
  orderListQuery,
  orderPageQuery,
  type OrderListQuery,
  type OrderListStatus,
  type OrderPageQuery,
} from '../../../shared/schemas/order.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { storeOrderDtos, type StoreOrderDto } from './store-order-dto.ts';

const PRESELL_WAITING = [ORDER_STATUS.presellBalance, ORDER_STATUS.presellClosed];

/** What a `status` filter value of the order list keeps (reference section 2, `/user/order_list`). */
export function statusFilter(status: OrderListStatus): SQL | undefined {
  switch (status) {
    case '':
      return undefined;
    case '-2':
      return notInArray(storeOrder.status, PRESELL_WAITING);
    case '0':
      // 9 (group buying in progress) waits to be shipped too.
      return inArray(storeOrder.status, [ORDER_STATUS.toShip, 9]);
    case '10':
      return inArray(storeOrder.status, PRESELL_WAITING);
    default:
      return eq(storeOrder.status, Number(status));
  }
}

/** The shopper's paid orders they have not deleted: what every list and count of paid orders starts from. */
export const visiblePaid = (uid: number) => and(eq(storeOrder.uid, uid), eq(storeOrder.paid, true), eq(storeOrder.isDel, false));

/** A page of the shopper's paid orders matching `where`, newest first, with the total count. */
export async function pageOfOrders(
  ctx: ServiceContext,
  where: SQL | undefined,
  page: number,
  limit: number,
): Promise<ListPage<StoreOrderDto>> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ o: storeOrder, m: merchant })
      .from(storeOrder)
      .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
      .where(where)
      .orderBy(desc(storeOrder.createdAt), desc(storeOrder.orderId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(storeOrder).where(where),
  ]);
  return { count: total?.count ?? 0, list: await storeOrderDtos(ctx.db, rows, now()) };
}

/**
 * `GET /api/order/list?status=&page&limit` (login required): the shopper's paid store orders, newest first, 10 a
 * page by default; unpaid orders are group orders (`listGroupOrders`). A deleted order is never listed.
 */
export async function listOrders(ctx: ServiceContext, input: OrderListQuery): Promise<ListPage<StoreOrderDto>> {
  const user = requireUser(ctx);
  const { status, page, limit } = parseInput(orderListQuery, input);
  return pageOfOrders(ctx, and(visiblePaid(user.uid), statusFilter(status)), page, limit);
}

/**
 * The shopper's presale deposit orders (`/user/presell_order`), whatever became of them: awaiting the balance,
 * closed unpaid, or paid in full and on their way; newest first, each with its `presellOrder`.
 */
export async function listPresellOrders(ctx: ServiceContext, input: OrderPageQuery): Promise<ListPage<StoreOrderDto>> {
  const user = requireUser(ctx);
  const { page, limit } = parseInput(orderPageQuery, input);
  const deposits = ctx.db.select({ id: presellOrder.orderId }).from(presellOrder).where(eq(presellOrder.uid, user.uid));
  return pageOfOrders(ctx, and(visiblePaid(user.uid), inArray(storeOrder.orderId, deposits)), page, limit);
}
