import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getMerchantConfig } from '../../../../server/services/merchant/get-merchant-config.ts';

/** The shop pages' banners `{top_banner, banner[{img}]}` (read with the shop card; closed shop: 404). */
export const GET = endpoint(async (ctx, { params }) => ok(await getMerchantConfig(ctx, { id: params.id ?? '' })));
