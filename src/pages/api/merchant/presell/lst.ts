import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantPresells } from '../../../../server/services/merchant-api/presells.ts';
import { rawQuery } from '../../_input.ts';

/** The shop's presales `{count, list}` (`?status=all|1|0&type=0|1|2&keyword=&page=&limit=`), newest first. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listMerchantPresells(ctx, rawQuery(url))));
