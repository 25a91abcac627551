import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listRefundableItems } from '../../../../server/services/refund/refundable-items.ts';

/** The order's items still refundable `[{order_product_id, refund_num, cart_info, ...}]`, of `?ids=` when given (login required). */
export const GET = endpoint(async (ctx, { params, url }) =>
  ok(await listRefundableItems(ctx, { order_id: params.id ?? '', ids: rawQuery(url).ids })),
);
