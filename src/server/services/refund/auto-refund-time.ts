import { and, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { merchant, REFUND_STATUS, REFUND_TYPE } from '../../db/schema/index.ts';
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
 * The shops among `merIds` that a return can be agreed for without their merchant: they have the return address and
 * phone that approving sends the buyer to (merchant-approve-refund.ts). A return to any other shop waits for its
 * merchant, who gives the address when approving.
 */
export async function shopsTakingReturns(db: Db | Tx, merIds: readonly number[]): Promise<Set<number>> {
  if (merIds.length === 0) return new Set();
  const rows = await db
    .select({ merId: merchant.merId })
    .from(merchant)
    .where(and(inArray(merchant.merId, [...new Set(merIds)]), ne(merchant.merAddress, ''), ne(merchant.servicePhone, '')));
  return new Set(rows.map((r) => r.merId));
}

/** A return under review: agreeing it sends the buyer to a return address, which its shop may not have. */
export const isReturnUnderReview = (r: { status: number; refundType: number }) =>
  r.status === REFUND_STATUS.review && r.refundType === REFUND_TYPE.returnGoods;

/**
 * A return under review to a shop that cannot take it without its merchant (`takingReturns`: `shopsTakingReturns`):
 * the system does not agree it (the `refund.auto` job looks again later) and so promises no time for it.
 */
export function waitsForItsShop(r: { status: number; refundType: number; merId: number }, takingReturns: ReadonlySet<number>): boolean {
  return isReturnUnderReview(r) && !takingReturns.has(r.merId);
}

/** The `auto_refund_time` a request shows: `autoRefundAt`, none for a request that `waitsForItsShop`. */
export function shownAutoRefundAt(
  r: { status: number; statusTime: Date; refundType: number; merId: number },
  agreeDays: number,
  takingReturns: ReadonlySet<number>,
): Date | null {
  return waitsForItsShop(r, takingReturns) ? null : autoRefundAt(r.status, r.statusTime, agreeDays);
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
