import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { cancelOrder } from '../../../../server/services/order/cancel-order.ts';

/** The shopper cancels an unpaid group order: stock, coupons and points come back. */
export const POST = endpoint(async (ctx, { params }) => {
  await cancelOrder(ctx, { id: params.id ?? '' });
  return ok([], '取消成功');
});
