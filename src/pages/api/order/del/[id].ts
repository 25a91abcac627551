import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { deleteOrder } from '../../../../server/services/order/delete-order.ts';

/** The shopper deletes (hides) a finished order (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await deleteOrder(ctx, { id: params.id ?? '' });
  return ok([], '删除成功');
});
