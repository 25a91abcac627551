import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUS, storeOrder } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { ORDER_GONE } from './get-order.ts';
import { visiblePaid } from './list-orders.ts';

/** Statuses a shopper may delete (hide) an order in: done, refunded, presale closed unpaid. */
export const DELETABLE_STATUSES: readonly number[] = [ORDER_STATUS.done, ORDER_STATUS.refunded, ORDER_STATUS.presellClosed];

export const DELETE_TEXT = { unfinished: '订单未完成，不能删除' } as const;

/**
 * `POST /api/order/del/{order_id}` (login required): hides a finished order from the shopper's lists, counts and
 * detail (the merchant keeps it). Only a finished order (DELETABLE_STATUSES); another shopper's, an unknown or an
 * already deleted order is a 404.
 */
export async function deleteOrder(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const mine = and(eq(storeOrder.orderId, id), visiblePaid(user.uid));
  const [done] = await ctx.db
    .update(storeOrder)
    .set({ isDel: true })
    .where(and(mine, inArray(storeOrder.status, [...DELETABLE_STATUSES])))
    .returning({ id: storeOrder.orderId });
  if (done) return;
  const [o] = await ctx.db.select({ status: storeOrder.status }).from(storeOrder).where(mine);
  if (!o) throw notFound(ORDER_GONE);
  throw new ServiceError('refused', DELETE_TEXT.unfinished);
}
