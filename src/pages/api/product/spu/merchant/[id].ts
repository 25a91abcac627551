import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listMerchantProducts } from '../../../../../server/services/merchant/list-merchant-products.ts';

/** A shop's products `{count, list}` with in-shop search, shop category, price range and order. */
export const GET = endpoint(async (ctx, { url, params }) => ok(await listMerchantProducts(ctx, { ...rawQuery(url), id: params.id ?? '' })));
