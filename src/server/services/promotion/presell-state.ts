import { and, gt, lt, lte, gte, type SQL } from 'drizzle-orm';
import { presell } from '../../db/schema/index.ts';

/** presell_status / list `type`: 0 not started, 1 in progress, 2 ended. */
export type PresellStatus = 0 | 1 | 2;

export function presellStatus(p: { startTime: Date; endTime: Date }, at: Date): PresellStatus {
  if (at < p.startTime) return 0;
  return at <= p.endTime ? 1 : 2;
}

/** The SQL condition of a state, consistent with `presellStatus`. */
export function presellStateIs(state: PresellStatus, at: Date): SQL {
  if (state === 0) return gt(presell.startTime, at);
  if (state === 1) return and(lte(presell.startTime, at), gte(presell.endTime, at))!;
  return lt(presell.endTime, at);
}

/** The presale facts every presale DTO carries (list card and detail alike). */
export interface PresellTiming {
  product_presell_id: number;
  product_id: number;
  store_name: string;
  presell_type: number;
  presell_status: PresellStatus;
  start_time: string;
  end_time: string;
  final_start_time: string | null;
  final_end_time: string | null;
  delivery_type: number;
  delivery_day: number;
}
