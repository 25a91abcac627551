import { REFUND_STATUS } from '../../db/schema/index.ts';
import { DAY_MS } from '../order/order-rules.ts';

/** The statuses the system answers for a merchant who does not: under review, and a returned parcel awaiting confirmation. */
export const AUTO_STATUSES: readonly number[] = [REFUND_STATUS.review, REFUND_STATUS.awaitReceipt];

/**
 * When the system answers a request that entered `status` at `statusTime` (the `refund.auto` job, auto-refund.ts):
 * `refund_agree_days` later; null for other statuses.
 */
export function autoRefundAt(status: number, statusTime: Date, agreeDays: number): Date | null {
  return AUTO_STATUSES.includes(status) ? new Date(statusTime.getTime() + agreeDays * DAY_MS) : null;
}
