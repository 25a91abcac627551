import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { storeGroupOrder } from '../../db/schema/index.ts';
import type { ListPage } from '../../../shared/dto.ts';
import { orderPageQuery, type OrderPageQuery } from '../../../shared/schemas/order.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { CANCEL_TEXT, cancelGroupOrder } from './cancel-order.ts';
import { groupOrderDtos, type GroupOrderDto } from './get-group-order.ts';

/**
 * `GET /api/order/group_order_list?page&limit` (login required): the shopper's unpaid orders still payable, newest
 * first, each with its per-merchant parts and `cancel_unix` (the countdown's target). Those past their deadline are
 * cancelled here first (once, like the `order.expire` job would), so the list never offers an order it would refuse.
 */
export async function listGroupOrders(ctx: ServiceContext, input: OrderPageQuery): Promise<ListPage<GroupOrderDto>> {
  const user = requireUser(ctx);
  const { page, limit } = parseInput(orderPageQuery, input);
  const open = and(
    eq(storeGroupOrder.uid, user.uid),
    eq(storeGroupOrder.paid, false),
    eq(storeGroupOrder.isCancel, false),
    eq(storeGroupOrder.isDel, false),
  );
  const overdue = await ctx.db
    .select({ id: storeGroupOrder.groupOrderId })
    .from(storeGroupOrder)
    .where(and(open, lte(storeGroupOrder.cancelTime, now())));
  for (const { id } of overdue) await cancelGroupOrder(ctx.db, id, CANCEL_TEXT.expired);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(storeGroupOrder)
      .where(open)
      .orderBy(desc(storeGroupOrder.createdAt), desc(storeGroupOrder.groupOrderId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(storeGroupOrder).where(open),
  ]);
  return { count: total?.count ?? 0, list: await groupOrderDtos(ctx.db, rows) };
}
