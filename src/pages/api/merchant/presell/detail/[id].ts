import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getMerchantPresell } from '../../../../../server/services/merchant-api/presells.ts';

/** One of the shop's presales by `product_presell_id`, with its SKUs (`unique`, price, deposit, stock, sales); another shop's is a 404. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getMerchantPresell(ctx, { id: params.id ?? '' })));
