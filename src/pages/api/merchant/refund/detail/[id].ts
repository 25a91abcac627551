import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getMerchantRefund } from '../../../../../server/services/refund/merchant-get-refund.ts';

/** One of the merchant's refund requests with its items, return shipment and money state. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getMerchantRefund(ctx, { id: params.id ?? '' })));
