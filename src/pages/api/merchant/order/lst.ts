import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantOrders } from '../../../../server/services/merchant-api/list-orders.ts';
import { rawQuery } from '../../_input.ts';

/** The merchant's paid orders `{count, list}` (`?status=&page=&limit=`), with `Authorization: Bearer <merchant token>`. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listMerchantOrders(ctx, rawQuery(url))));
