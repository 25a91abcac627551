import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { receiveMerchantRefund } from '../../../../../server/services/refund/merchant-receive-refund.ts';

/** Confirms the goods sent back arrived: refunded, stock back, and the money goes back. */
export const POST = merchantEndpoint(async (ctx, { params }) =>
  ok(await receiveMerchantRefund(ctx, { id: params.id ?? '' }), '已确认收货并退款'),
);
