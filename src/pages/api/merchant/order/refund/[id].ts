import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { refundMerchantOrder } from '../../../../../server/services/refund/merchant-refund-order.ts';
import { orderRefundBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** The shop gives back the money of items it has not shipped: `{refund_message, ids?, restock?}` → the refund request, refunded. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, orderRefundBody);
  return ok(await refundMerchantOrder(ctx, { ...body, id: params.id ?? '' }), '退款成功');
});
