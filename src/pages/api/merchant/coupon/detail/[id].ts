import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getMerchantCoupon } from '../../../../../server/services/merchant-api/coupons.ts';

/** One of the shop's coupons, with its products and counts. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getMerchantCoupon(ctx, { id: params.id ?? '' })));
