import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getMerchantSeckill } from '../../../../../server/services/merchant-api/seckills.ts';

/** One of the shop's flash-sale offers with its SKUs (`unique`, price, stock, sales); another shop's is a 404. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getMerchantSeckill(ctx, { id: params.id ?? '' })));
