import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { getMerchant } from '../../../../../server/services/merchant/get-merchant.ts';

/** The shop card with scores, follower count, follow state and banners. Closed or unknown shop: 404. */
export const GET = endpoint(async (ctx, { params }) => ok(await getMerchant(ctx, { id: params.id ?? '' })));
