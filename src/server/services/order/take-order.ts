import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUS, storeOrder } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { ORDER_GONE } from './get-order.ts';
import { visiblePaid } from './list-orders.ts';
import { receiveOrder } from './receive-order.ts';

export const TAKE_TEXT = {
  notShipped: '未发货的订单不能确认收货',
  taken: '订单已确认收货，请勿重复操作',
  refunded: '订单已退款，不能确认收货',
  presell: '预售订单尚未支付尾款，不能确认收货',
  closed: '订单已关闭，不能确认收货',
} as const;

/** Why an order in `status` cannot be received (it is not waiting for the shopper). */
function notReceivable(status: number): string {
  if (status === ORDER_STATUS.toReview || status === ORDER_STATUS.done) return TAKE_TEXT.taken;
  if (status === ORDER_STATUS.refunded) return TAKE_TEXT.refunded;
  if (status === ORDER_STATUS.presellBalance) return TAKE_TEXT.presell;
  if (status === ORDER_STATUS.presellClosed) return TAKE_TEXT.closed;
  return TAKE_TEXT.notShipped;
}

/**
 * `POST /api/order/take/{order_id}` (login required): the shopper confirms receipt of a shipped order (status 1 → 2),
 * once; the points for it come with it (receiveOrder). Any other status is refused with its reason; another
 * shopper's or an unknown order is a 404. A second or concurrent confirmation is refused as already received.
 */
export async function takeOrder(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const read = async () =>
    (
      await ctx.db
        .select({ status: storeOrder.status })
        .from(storeOrder)
        .where(and(eq(storeOrder.orderId, id), visiblePaid(user.uid)))
    )[0];
  const o = await read();
  if (!o) throw notFound(ORDER_GONE);
  if (o.status !== ORDER_STATUS.toReceive) throw new ServiceError('refused', notReceivable(o.status));
  if (await receiveOrder(ctx.db, id, { uid: user.uid })) return;
  // Lost a race (another tab, the automatic receipt): say what became of it.
  const after = await read();
  if (!after) throw notFound(ORDER_GONE);
  throw new ServiceError('refused', notReceivable(after.status));
}
