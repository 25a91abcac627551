import type { ServiceContext } from '../server/services/context.ts';
import { ServiceError } from '../server/services/errors.ts';
import { listSeckillSessions } from '../server/services/promotion/list-seckill-sessions.ts';
import { listSeckillProducts } from '../server/services/promotion/list-seckill-products.ts';
import { listPresells } from '../server/services/promotion/list-presells.ts';
import { listCoupons } from '../server/services/coupon/list-coupons.ts';

type Ctx = Pick<ServiceContext, 'db' | 'user'>;
type Failure = { ok: false; error: { status: number; message: string } };

/** Runs a page's loads; a ServiceError (bad query) becomes the page's error state, anything else throws. */
async function guarded<T extends object>(load: () => Promise<T>): Promise<({ ok: true; error: null } & T) | Failure> {
  try {
    return { ok: true, error: null, ...(await load()) };
  } catch (e) {
    if (e instanceof ServiceError) return { ok: false, error: { status: e.status === 404 ? 404 : 400, message: e.message } };
    throw e;
  }
}

const pageOf = (q: URLSearchParams) => q.get('page') ?? undefined;

/** `/goods_seckill?time=<seckill_time_id>&page`: today's sessions, the chosen (default: current) one, its offers. */
export function loadSeckillPage(ctx: Ctx, q: URLSearchParams) {
  return guarded(async () => {
    const sessions = await listSeckillSessions(ctx);
    const time = q.get('time');
    const explicit = time !== null && time !== '';
    const products = await listSeckillProducts(ctx, { seckill_time_id: explicit ? time : undefined, page: pageOf(q), limit: 16 });
    const session = explicit
      ? sessions.seckillTime.find((s) => String(s.seckill_time_id) === time)
      : sessions.seckillTime[sessions.seckillTimeIndex];
    if (!session) throw new ServiceError(404, '秒杀场次不存在');
    return { sessions: sessions.seckillTime, session, products, explicit, page: Number(q.get('page')) || 1, limit: 16 };
  });
}

/** `/goods_presell?type=0|1|2&page`: presales by state (default in progress). */
export function loadPresellPage(ctx: Ctx, q: URLSearchParams) {
  return guarded(async () => {
    const list = await listPresells(ctx, { type: q.get('type') ?? undefined, page: pageOf(q), limit: 16 });
    return { list, type: Number(q.get('type') || 1), page: Number(q.get('page')) || 1, limit: 16 };
  });
}

/** `/coupon_center?type=&page`: claimable coupons with the shopper's claim state and sample products. */
export function loadCouponPage(ctx: Ctx, q: URLSearchParams) {
  return guarded(async () => {
    const list = await listCoupons(ctx, { type: q.get('type') ?? undefined, product: 1, page: pageOf(q), limit: 15 });
    return { list, type: q.get('type') ? Number(q.get('type')) : -1, page: Number(q.get('page')) || 1, limit: 15 };
  });
}
