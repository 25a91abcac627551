import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getMerchantOrder } from '../../../../../server/services/merchant-api/get-order.ts';

/** One of the merchant's paid orders with its timeline; another merchant's is a 404. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getMerchantOrder(ctx, { id: params.id ?? '' })));
