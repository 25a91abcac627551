import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantRefunds } from '../../../../server/services/refund/merchant-list-refunds.ts';
import { rawQuery } from '../../_input.ts';

/** The merchant's refund requests `{count, list}` (`?status=&page=&limit=`), with `Authorization: Bearer <merchant token>`. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listMerchantRefunds(ctx, rawQuery(url))));
