import { eq } from 'drizzle-orm';
import { REFUND_STATUS, refundOrder } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { ServiceError } from '../errors.ts';
import { afterSaleSettings, DAY_MS } from '../order/order-rules.ts';
import { autoActionAt, isReturnUnderReview, shopsTakingReturns, waitsForItsShop } from './auto-refund-time.ts';
import { approveMerchantRefund } from './merchant-approve-refund.ts';
import { receiveMerchantRefund } from './merchant-receive-refund.ts';
import { closeUnreturned } from './close-unreturned.ts';

/**
 * The `refund.auto` job: a request still in the status it was queued for, `refund_agree_days` after it entered it, is
 * answered as its merchant would: under review it is agreed (refund only: refunded and the money goes back; a return:
 * awaiting the parcel, to the shop's return address), a returned parcel is confirmed (stock back, refunded, money
 * back), and an approved return whose parcel the buyer has not sent `refund_return_days` after the approval is closed
 * (close-unreturned.ts). Exactly once: the transition is the merchant's own conditional update, so a merchant or shopper acting first
 * (or at the same time) leaves the job nothing to do. Run early (the setting was raised), it queues itself for the due
 * time. A shop without a return address and phone cannot take a return automatically: the request waits for the
 * merchant (it shows no `auto_refund_time`), and the job looks again each day, so a shop that sets them takes it then.
 */
export const autoRefund: JobDefinition<{ refundOrderId: number; status: number }> = {
  async run({ refundOrderId, status }, { db, now: at }) {
    const [r] = await db
      .select({
        status: refundOrder.status,
        statusTime: refundOrder.statusTime,
        merId: refundOrder.merId,
        refundType: refundOrder.refundType,
      })
      .from(refundOrder)
      .where(eq(refundOrder.refundOrderId, refundOrderId));
    if (!r || r.status !== status) return;
    const due = autoActionAt(status, r.statusTime, await afterSaleSettings(db));
    if (!due) return;
    /** This request's answer, queued again for `runAt`. */
    const later = (runAt: Date) =>
      enqueue(db, 'refund.auto', { refundOrderId, status }, { runAt, key: `${refundOrderId}:${status}@${runAt.getTime()}` });
    if (due > at) {
      await later(due);
      return;
    }
    // The shop is asked only about a return under review (the one answer that needs its address).
    if (isReturnUnderReview(r) && waitsForItsShop(r, await shopsTakingReturns(db, [r.merId]))) {
      await later(new Date(at.getTime() + DAY_MS));
      return;
    }
    const ctx = { db, merchant: { merId: r.merId, merName: '', tokenId: 0 } };
    try {
      if (status === REFUND_STATUS.review) await approveMerchantRefund(ctx, { id: refundOrderId }, 'system');
      else if (status === REFUND_STATUS.awaitReturn) await closeUnreturned(db, r.merId, refundOrderId);
      else await receiveMerchantRefund(ctx, { id: refundOrderId }, 'system');
    } catch (err) {
      // Answered meanwhile by the merchant or withdrawn by the shopper.
      if (err instanceof ServiceError && err.code === 'refused') return;
      throw err;
    }
  },
};
