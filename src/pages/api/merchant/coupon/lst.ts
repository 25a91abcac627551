import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listOwnCoupons } from '../../../../server/services/merchant-api/coupons.ts';
import { rawQuery } from '../../_input.ts';

/** The shop's coupons `{count, list}` (`?status=all|1|0&page=&limit=`), newest first, with claimed / used counts. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listOwnCoupons(ctx, rawQuery(url))));
