import { mallDate, mallDayAt, mallHour, unix } from '../dates.ts';

/** seckill_status / pc_status: 1 running, 0 upcoming, -1 ended (reference section 2). */
export type SeckillStatus = 1 | 0 | -1;

export interface SessionHours {
  startTime: number;
  endTime: number;
}

const LABEL: Record<SeckillStatus, string> = { 1: '抢购中', 0: '即将开始', [-1]: '已结束' };

export const seckillStateLabel = (s: SeckillStatus) => LABEL[s];

/** Status of a daily session at `at` (mall time). */
export function sessionStatus(s: SessionHours, at: Date): SeckillStatus {
  const h = mallHour(at);
  if (h < s.startTime) return 0;
  return h < s.endTime ? 1 : -1;
}

/** Unix seconds when today's run of the session stops. */
export const sessionStop = (s: SessionHours, at: Date) => unix(mallDayAt(at, s.endTime));

/** Index of the running session; else the next upcoming one; else the last of the day. */
export function currentSessionIndex(sessions: SessionHours[], at: Date): number {
  const running = sessions.findIndex((s) => sessionStatus(s, at) === 1);
  if (running >= 0) return running;
  const next = sessions.findIndex((s) => sessionStatus(s, at) === 0);
  return next >= 0 ? next : sessions.length - 1;
}

/**
 * Status of one flash-sale offer: outside its date range it is upcoming (before) or ended (after);
 * inside, it follows today's session.
 */
export function offerStatus(s: SessionHours & { startDay: string; endDay: string }, at: Date): SeckillStatus {
  const today = mallDate(at);
  if (today < s.startDay) return 0;
  if (today > s.endDay) return -1;
  return sessionStatus(s, at);
}
