import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getMerchant } from '../../../../server/services/merchant/get-merchant.ts';

/** The shop pages' banners `{top_banner, banner}` (read with the shop card; closed shop: 404). */
export const GET = endpoint(async (ctx, { params }) => {
  const shop = await getMerchant(ctx, { id: params.id ?? '' });
  return ok({ top_banner: shop.top_banner, banner: shop.banner });
});
