import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantSeckills } from '../../../../server/services/merchant-api/seckills.ts';
import { rawQuery } from '../../_input.ts';

/** The shop's flash-sale offers `{count, list}` (`?status=all|1|0&seckill_time_id=&keyword=&page=&limit=`), newest first. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listMerchantSeckills(ctx, rawQuery(url))));
