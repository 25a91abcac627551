import { url } from '../../shared/routes.ts';

/** Reference section 2: a flash-sale card opens `/goods_seckill_detail/{id}?time=<stop>&status=<state>`. */
export const seckillHref = (p: { product_id: number; stop_time: number; seckill_status: number }) =>
  url('goodsSeckillDetail', { id: p.product_id, time: p.stop_time, status: p.seckill_status });

/** Unix seconds when today's run of a session starts (its stop minus its length). */
export const sessionStart = (s: { stop: number; start_time: number; end_time: number }) => s.stop - (s.end_time - s.start_time) * 3600;
