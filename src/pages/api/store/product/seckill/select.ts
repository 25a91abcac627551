import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { listSeckillSessions } from '../../../../../server/services/promotion/list-seckill-sessions.ts';

/** Today's flash-sale sessions `{seckillTime, seckillTimeIndex, seckillEndTime}`. */
export const GET = endpoint(async (ctx) => ok(await listSeckillSessions(ctx)));
