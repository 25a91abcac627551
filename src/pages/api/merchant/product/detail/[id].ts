import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getMerchantProduct } from '../../../../../server/services/merchant-api/products.ts';

/** One of the shop's products, whole (`attr`, `attrValue` with each SKU's `unique`); another shop's is a 404. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getMerchantProduct(ctx, { id: params.id ?? '' })));
