import type { JobDefinition } from '../../jobs/runner.ts';
import { payRefund } from './refund-money.ts';

/**
 * The `refund.pay` job, queued (key: the request id, REFUND_PAY_ATTEMPTS attempts) in the transaction that moved a
 * refund request to refunded: pays the money back if the request's own try did not. A gateway failure throws, so the
 * runner retries with backoff; on the last attempt the request's money is marked `failed` (退款失败，请联系客服).
 * Already paid back, or run twice: nothing changes.
 */
export const payRefundJob: JobDefinition<{ refundOrderId: number }> = {
  async run({ refundOrderId }, { db, job }) {
    await payRefund(db, refundOrderId, { last: job.attempts >= job.maxAttempts });
  },
};
