import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantProducts } from '../../../../server/services/merchant-api/products.ts';
import { rawQuery } from '../../_input.ts';

/** The shop's products `{count, list}` (`?status=all|1|0|sold_out&keyword=&page=&limit=`), newest first. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listMerchantProducts(ctx, rawQuery(url))));
