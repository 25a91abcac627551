import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { ServiceError } from '../server/services/errors.ts';
import { listSeckillSessions } from '../server/services/promotion/list-seckill-sessions.ts';
import { listSeckillProducts } from '../server/services/promotion/list-seckill-products.ts';

const LIMIT = 16;

/** `/goods_seckill?time=<seckill_time_id>&page`: today's sessions, the chosen (default: current) one, its offers. */
export function loadGoodsSeckill(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const q = page.url.searchParams;
    const [sessions, basics] = await Promise.all([listSeckillSessions(ctx), pageBasics(page)]);
    const time = q.get('time');
    const explicit = time !== null && time !== '';
    const products = await listSeckillProducts(ctx, {
      seckill_time_id: explicit ? time : undefined,
      page: q.get('page') ?? undefined,
      limit: LIMIT,
    });
    const session = explicit
      ? sessions.seckillTime.find((s) => String(s.seckill_time_id) === time)
      : sessions.seckillTime[sessions.seckillTimeIndex];
    if (!session) throw new ServiceError('not_found', '秒杀场次不存在');
    return { sessions: sessions.seckillTime, session, products, explicit, page: Number(q.get('page')) || 1, limit: LIMIT, ...basics };
  });
}
