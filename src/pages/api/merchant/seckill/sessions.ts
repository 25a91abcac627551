import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantSeckillSessions } from '../../../../server/services/merchant-api/seckills.ts';

/** The mall's daily flash-sale sessions `{list}` (`seckill_time_id`, hours, state now), read-only. */
export const GET = merchantEndpoint(async (ctx) => ok(await listMerchantSeckillSessions(ctx)));
