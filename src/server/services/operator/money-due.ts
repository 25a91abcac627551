import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { job, payment, REFUND_STATUS, refundOrder } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { queuePaymentRefund, refundJobOf, refundPayment, takenAmount } from '../payment/refund-payment.ts';
import { payRefund } from '../refund/refund-money.ts';

/** At most this many of each kind are listed (oldest first: the longest waiting on top). */
const LIST_LIMIT = 200;

/** A payment whose money a gateway took and the mall has not given back yet (`refund_due`). */
export interface PaymentDueDto {
  payment_id: number;
  out_trade_no: string;
  uid: number;
  /** `group` (group_order_id) or `presell` (order_id). */
  subject: string;
  subject_id: number;
  provider: string;
  pay_type: number;
  /** What the gateway took, yuan (what goes back). */
  amount: string;
  reason: string;
  paid_time: string | null;
  /** Its `payment.refund` job: `queued`, `running`, `done`, `failed`, or `none` (kept before the job existed). */
  job_state: string;
  job_attempts: number;
  job_error: string;
  next_try: string | null;
}

/** A refund request whose money has not gone back (`retrying`: the job tries again; `failed`: it gave up). */
export interface RefundMoneyDueDto {
  refund_order_id: number;
  refund_order_sn: string;
  order_id: number;
  uid: number;
  mer_id: number;
  refund_price: string;
  money_state: string;
  money_error: string;
  status_time: string | null;
}

/**
 * The money support must watch (`GET /api/operator/money`): payments kept for a refund (`refund_due`) with their
 * refund job, and refund requests whose money has not gone back (`retrying`, `failed`).
 */
export async function listMoneyDue(db: Db): Promise<{ payments: PaymentDueDto[]; refunds: RefundMoneyDueDto[] }> {
  const due = await db
    .select({ p: payment, job })
    .from(payment)
    .leftJoin(job, refundJobOf())
    .where(eq(payment.status, 'refund_due'))
    .orderBy(payment.paymentId)
    .limit(LIST_LIMIT);
  const refunds = await db
    .select()
    .from(refundOrder)
    .where(and(eq(refundOrder.status, REFUND_STATUS.refunded), inArray(refundOrder.moneyState, ['retrying', 'failed'])))
    .orderBy(refundOrder.refundOrderId)
    .limit(LIST_LIMIT);
  return {
    payments: due.map(({ p, job: j }) => ({
      payment_id: p.paymentId,
      out_trade_no: p.outTradeNo,
      uid: p.uid,
      subject: p.subject,
      subject_id: p.subjectId,
      provider: p.provider,
      pay_type: p.payType,
      amount: toYuan(takenAmount(p, j)),
      reason: p.reason,
      paid_time: formatDateTime(p.paidAt),
      job_state: j?.state ?? 'none',
      job_attempts: j?.attempts ?? 0,
      job_error: j?.lastError ?? '',
      next_try: j && j.state === 'queued' ? formatDateTime(j.runAt) : null,
    })),
    refunds: refunds.map((r) => ({
      refund_order_id: r.refundOrderId,
      refund_order_sn: r.refundOrderSn,
      order_id: r.orderId,
      uid: r.uid,
      mer_id: r.merId,
      refund_price: toYuan(r.refundPrice),
      money_state: r.moneyState,
      money_error: r.moneyError,
      status_time: formatDateTime(r.statusTime),
    })),
  };
}

const idInput = (name: string) => z.object({ id: idField(name) });

/** A gateway's refusal as support reads it (a 500 with the gateway's words). */
const refundFailed = (err: unknown) =>
  new ServiceError('unavailable', `退款失败：${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`);

/**
 * Gives back now the money of a payment kept for a refund (`POST /api/operator/payment/{id}/refund`), as its job would
 * (refund-payment.ts: the gateway's idempotency key makes a repeat harmless). A payment kept before the job existed
 * gets its job first. A gateway failure is a 500 with the gateway's words; the payment stays `refund_due`.
 */
export async function refundPaymentNow(db: Db, input: { id: unknown }): Promise<{ payment_id: number; status: string }> {
  const { id } = parseInput(idInput('付款ID'), input);
  const [found] = await db.select({ p: payment, job }).from(payment).leftJoin(job, refundJobOf(id)).where(eq(payment.paymentId, id));
  if (!found) throw notFound('付款不存在');
  if (found.p.status === 'refunded') return { payment_id: id, status: 'refunded' };
  if (found.p.status !== 'refund_due') throw new ServiceError('refused', '该付款没有待退回的款项');
  // A payment kept for a refund with another amount than asked, from before the job recorded the amount taken:
  // what the gateway took is in its notification only.
  if (!found.job && found.p.reason.startsWith('金额不符')) {
    throw new ServiceError('refused', '该付款的到账金额与订单不符，请按支付网关的流水核对后处理');
  }
  const amount = takenAmount(found.p, found.job);
  if (!found.job) await queuePaymentRefund(db, id, amount);
  try {
    return { payment_id: id, status: (await refundPayment(db, id, amount, { last: true })) ?? 'refund_due' };
  } catch (err) {
    throw refundFailed(err);
  }
}

/**
 * Pays back now the money of a refund request the `refund.pay` job could not (`POST /api/operator/refund/{id}/pay`):
 * `failed` becomes `retrying` again, then the payment runs as the job's would (refund-money.ts, exactly once).
 */
export async function payRefundNow(db: Db, input: { id: unknown }): Promise<{ refund_order_id: number; money_state: string }> {
  const { id } = parseInput(idInput('退款单ID'), input);
  const [r] = await db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, id));
  if (!r) throw notFound('退款单不存在');
  if (r.status !== REFUND_STATUS.refunded || r.moneyState === 'none') throw new ServiceError('refused', '该退款单尚未同意退款');
  if (r.moneyState === 'done') return { refund_order_id: id, money_state: 'done' };
  await db
    .update(refundOrder)
    .set({ moneyState: 'retrying' })
    .where(and(eq(refundOrder.refundOrderId, id), eq(refundOrder.moneyState, 'failed')));
  try {
    return { refund_order_id: id, money_state: await payRefund(db, id, { last: true }) };
  } catch (err) {
    throw refundFailed(err);
  }
}
