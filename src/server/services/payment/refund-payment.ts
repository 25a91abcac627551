import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { enqueue } from '../../jobs/queue.ts';
import { refundProvider } from '../../payment/index.ts';
import { job, PAY_TYPE, payment, storeOrder, storeOrderStatus } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { now } from '../dates.ts';

/** Attempts of the `payment.refund` job (10 s doubling: the last about 21 minutes after the first). */
export const PAYMENT_REFUND_ATTEMPTS = 8;

const PAY_NAME: Record<number, string> = { [PAY_TYPE.alipayQr]: '支付宝扫码', [PAY_TYPE.weixinQr]: '微信扫码' };

/** What a gateway took for payment `p`: its refund job's amount (the notification's), else what was asked. */
export function takenAmount(p: { amount: number }, refundJob: { payload: unknown } | null | undefined): number {
  const queued = (refundJob?.payload as { amount?: unknown } | undefined)?.amount;
  return typeof queued === 'number' && Number.isInteger(queued) && queued > 0 ? queued : p.amount;
}

/** Joins payment rows (or the one of `paymentId`) to their `payment.refund` job. */
export const refundJobOf = (paymentId?: number) =>
  and(eq(job.kind, 'payment.refund'), eq(job.key, paymentId === undefined ? sql`${payment.paymentId}::text` : String(paymentId)));

/** Our refund number for the money of payment `paymentId`: the gateway's idempotency key (one refund per payment). */
export const paymentRefundNo = (paymentId: number) => `PR${paymentId}`;

/** What the payment's reason says once the money is back: `…款项待退回` becomes `…款项已原路退回`. */
const refundedReason = (reason: string) =>
  reason.includes('款项待退回') ? reason.replace('款项待退回', '款项已原路退回') : `${reason ? `${reason}，` : ''}款项已原路退回`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * Queues the refund of `amount` cents that payment `paymentId` took and could not use (`refund_due`), in the caller's
 * transaction (the one that marked it): one job per payment (its id is the key), so a replayed notification adds none.
 */
export function queuePaymentRefund(tx: Db, paymentId: number, amount: number) {
  return enqueue(tx, 'payment.refund', { paymentId, amount }, { key: String(paymentId), maxAttempts: PAYMENT_REFUND_ATTEMPTS });
}

/**
 * Gives back, exactly once, the `amount` cents a gateway took for payment `paymentId` that its order could not take
 * (cancelled meanwhile, paid by another attempt, or an amount other than asked): `provider.refund()` with the payment's
 * own refund number as the idempotency key, outside any transaction (a repeat is answered with the first refund,
 * never a second one), then one conditional flip `refund_due → refunded` with the gateway's refund number. A second
 * run, or one racing another, finds the payment no longer `refund_due` and changes nothing. A gateway failure is
 * thrown, so the job retries with backoff; after the last attempt the payment stays `refund_due` with the error in its
 * reason, for support. Resolves with the payment's status.
 */
export async function refundPayment(db: Db, paymentId: number, amount: number, opts: { last?: boolean } = {}) {
  const [p] = await db.select().from(payment).where(eq(payment.paymentId, paymentId));
  if (!p || p.status !== 'refund_due') return p?.status ?? null;
  // The reason as the payment was kept, without a failure an earlier last attempt added.
  const why = p.reason.replace(/；自动退款失败.*$/, '');
  let refundNo: string;
  try {
    const provider = await refundProvider(db, p);
    if (!provider) throw new Error(`支付方式 ${p.provider} 未配置`);
    const res = await provider.refund({
      outTradeNo: p.outTradeNo,
      providerTradeNo: p.providerTradeNo,
      refundNo: paymentRefundNo(p.paymentId),
      amount,
      tradeAmount: amount,
      reason: '订单无法收款，款项原路退回',
    });
    refundNo = res.providerRefundNo;
  } catch (err) {
    if (opts.last) {
      await db
        .update(payment)
        .set({ reason: `${why}；自动退款失败（${errorText(err)}），请联系客服` })
        .where(and(eq(payment.paymentId, p.paymentId), eq(payment.status, 'refund_due')));
    }
    throw new Error(`payment ${p.outTradeNo}: refund through ${p.provider} failed: ${errorText(err)}`);
  }
  return transaction(db, async (tx) => {
    const at = now();
    const [done] = await tx
      .update(payment)
      .set({ status: 'refunded', refundNo, refundedAt: at, reason: refundedReason(why) })
      .where(and(eq(payment.paymentId, p.paymentId), eq(payment.status, 'refund_due')))
      .returning({ status: payment.status });
    if (!done) return 'refunded';
    // The shopper reads it on the order's timeline (order detail), on each shop's order the payment was for.
    const orders = await tx
      .select({ orderId: storeOrder.orderId, groupOrderId: storeOrder.groupOrderId })
      .from(storeOrder)
      .where(
        and(
          eq(storeOrder.uid, p.uid),
          p.subject === 'presell' ? eq(storeOrder.orderId, p.subjectId) : eq(storeOrder.groupOrderId, p.subjectId),
        ),
      );
    const head = why.replace(/，?款项待退回$/, '');
    const changeMessage = `${PAY_NAME[p.payType] ?? ''}付款¥${toYuan(amount)}未用于本订单${head ? `（${head}）` : ''}，已原路退回`;
    if (orders.length) {
      await tx.insert(storeOrderStatus).values(orders.map((o) => ({ ...o, changeType: 'payment_refunded', changeMessage, createdAt: at })));
    }
    return done.status;
  });
}

/**
 * The `payment.refund` job, queued with the `refund_due` mark (handle-notification.ts): gives the money back through
 * the gateway that took it. Already given back, or run twice: nothing changes.
 */
export const refundPaymentJob: JobDefinition<{ paymentId: number; amount: number }> = {
  async run({ paymentId, amount }, { db, job }) {
    await refundPayment(db, paymentId, amount, { last: job.attempts >= job.maxAttempts });
  },
};
