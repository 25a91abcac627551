import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listSeckillProducts } from '../../../../../server/services/promotion/list-seckill-products.ts';

/** A session's offers `{count, list}` (`?start_time&end_time`, default: the current session). */
export const GET = endpoint(async (ctx, { url }) => ok(await listSeckillProducts(ctx, rawQuery(url))));
