import { REFUND_STATUS } from '../../db/schema/index.ts';
import { DAY_MS, type AfterSaleSettings } from '../order/order-rules.ts';

/** The statuses the system answers for a merchant who does not: under review, and a returned parcel awaiting confirmation. */
export const AUTO_STATUSES: readonly number[] = [REFUND_STATUS.review, REFUND_STATUS.awaitReceipt];

/**
 * When the system answers a request that entered `status` at `statusTime` (the `refund.auto` job, auto-refund.ts):
 * `refund_agree_days` later; null for other statuses.
 */
export function autoRefundAt(status: number, statusTime: Date, agreeDays: number): Date | null {
  return AUTO_STATUSES.includes(status) ? new Date(statusTime.getTime() + agreeDays * DAY_MS) : null;
}

/**
 * Until when the buyer of an approved return (awaiting the parcel, 1) may send the goods back: `refund_return_days`
 * after the approval; then the `refund.auto` job closes the request. Null in the other statuses.
 */
export function returnDeadline(status: number, statusTime: Date, returnDays: number): Date | null {
  return status === REFUND_STATUS.awaitReturn ? new Date(statusTime.getTime() + returnDays * DAY_MS) : null;
}

/** When the `refund.auto` job acts on a request that entered `status` at `statusTime`; null when it never does. */
export function autoActionAt(status: number, statusTime: Date, s: Pick<AfterSaleSettings, 'refundAgreeDays' | 'returnDays'>): Date | null {
  return autoRefundAt(status, statusTime, s.refundAgreeDays) ?? returnDeadline(status, statusTime, s.returnDays);
}
