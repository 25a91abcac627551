import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { getShopSettings } from '../../../../server/services/merchant-api/shop-settings.ts';

/** The token's own shop settings: profile, how it answers shoppers, return address, pickup at the shop. */
export const GET = merchantEndpoint(async (ctx) => ok(await getShopSettings(ctx)));
