import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { orderCreateInput } from '../../../../shared/schemas/order.ts';
import { createOrder } from '../../../../server/services/order/create-order.ts';

/** Places the checked order → `{order_id: group_order_id, ...}`; the same `key` again returns the same order. */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  const order = await createOrder(ctx, await readObjectBody(request, orderCreateInput));
  return ok(order, order.paid ? 'success' : '订单创建成功');
});
