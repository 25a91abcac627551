import { asc, eq } from 'drizzle-orm';
import { seckillTime } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { now } from '../dates.ts';
import { currentSessionIndex, sessionStatus, sessionStop, seckillStateLabel, type SeckillStatus } from './seckill-clock.ts';

export interface SessionDto {
  seckill_time_id: number;
  title: string;
  /** Start / end hour of day (mall time). */
  start_time: number;
  end_time: number;
  /** Unix seconds when today's run stops. */
  stop: number;
  pc_status: SeckillStatus;
  state: string;
}

/** The enabled daily sessions (cached: the schedule changes rarely; statuses are computed per call). */
export function loadSessions(ctx: Pick<ServiceContext, 'db'>) {
  return cached(ctx.db, CACHE_KEYS.seckill, () =>
    ctx.db
      .select()
      .from(seckillTime)
      .where(eq(seckillTime.status, true))
      .orderBy(asc(seckillTime.startTime), asc(seckillTime.seckillTimeId)),
  );
}

/**
 * `GET /api/store/product/seckill/select`: today's sessions with their state, the index of the current
 * one and when it ends (`seckillEndTime`, unix seconds) for the countdown.
 */
export async function listSeckillSessions(
  ctx: Pick<ServiceContext, 'db'>,
): Promise<{ seckillTime: SessionDto[]; seckillTimeIndex: number; seckillEndTime: number }> {
  const at = now();
  const sessions = await loadSessions(ctx);
  const list = sessions.map((s): SessionDto => {
    const status = sessionStatus(s, at);
    return {
      seckill_time_id: s.seckillTimeId,
      title: s.title,
      start_time: s.startTime,
      end_time: s.endTime,
      stop: sessionStop(s, at),
      pc_status: status,
      state: seckillStateLabel(status),
    };
  });
  const index = list.length ? currentSessionIndex(sessions, at) : -1;
  return { seckillTime: list, seckillTimeIndex: index, seckillEndTime: index >= 0 ? list[index]!.stop : 0 };
}
