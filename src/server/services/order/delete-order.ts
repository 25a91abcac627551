import { and, eq, inArray, notExists } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUS, REFUND_STATUS, refundOrder, storeOrder } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { ORDER_GONE } from './get-order.ts';
import { visiblePaid } from './list-orders.ts';

/** Statuses a shopper may delete (hide) an order in: done, refunded, presale closed unpaid. */
export const DELETABLE_STATUSES: readonly number[] = [ORDER_STATUS.done, ORDER_STATUS.refunded, ORDER_STATUS.presellClosed];

export const DELETE_TEXT = { unfinished: '订单未完成，不能删除', afterSale: '该订单有售后正在处理，暂不能删除' } as const;

/** Refund requests still being handled (under review, awaiting the return, awaiting its receipt). */
const OPEN_REFUND: readonly number[] = [REFUND_STATUS.review, REFUND_STATUS.awaitReturn, REFUND_STATUS.awaitReceipt];

/**
 * `POST /api/order/del/{order_id}` (login required): hides a finished order from the shopper's lists, counts and
 * detail (the merchant keeps it). Only a finished order (DELETABLE_STATUSES) with no refund request being handled
 * (its list links to the order); another shopper's, an unknown or an already deleted order is a 404.
 */
export async function deleteOrder(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const mine = and(eq(storeOrder.orderId, id), visiblePaid(user.uid));
  const openRefunds = ctx.db
    .select({ id: refundOrder.refundOrderId })
    .from(refundOrder)
    .where(and(eq(refundOrder.orderId, id), inArray(refundOrder.status, [...OPEN_REFUND])));
  const [done] = await ctx.db
    .update(storeOrder)
    .set({ isDel: true })
    .where(and(mine, inArray(storeOrder.status, [...DELETABLE_STATUSES]), notExists(openRefunds)))
    .returning({ id: storeOrder.orderId });
  if (done) return;
  const [o] = await ctx.db.select({ status: storeOrder.status }).from(storeOrder).where(mine);
  if (!o) throw notFound(ORDER_GONE);
  throw new ServiceError('refused', DELETABLE_STATUSES.includes(o.status) ? DELETE_TEXT.afterSale : DELETE_TEXT.unfinished);
}
