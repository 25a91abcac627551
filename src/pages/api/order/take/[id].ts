import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { takeOrder } from '../../../../server/services/order/take-order.ts';

/** The shopper confirms receipt of a shipped order (status 1 → 2), once (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await takeOrder(ctx, { id: params.id ?? '' });
  return ok([], '确认收货成功');
});
