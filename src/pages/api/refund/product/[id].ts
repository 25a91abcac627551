import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { getRefundProduct } from '../../../../server/services/refund/refundable-items.ts';

/** `?ids&type`: the items and the most a refund of them may ask `{product[], total_refund_price, postage_price, status, activity_type}`. */
export const GET = endpoint(async (ctx, { params, url }) => {
  const q = rawQuery(url);
  return ok(await getRefundProduct(ctx, { order_id: params.id ?? '', ids: q.ids, type: q.type }));
});
