import { eq } from 'drizzle-orm';
import { payment, paymentNotification } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { PaymentNotice, QrPaymentProvider } from '../../payment/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { now } from '../dates.ts';
import { settleSubject, SETTLE_TEXT } from './settle.ts';
import { queuePaymentRefund } from './refund-payment.ts';

/** What a notification did, recorded with it. */
export type NotificationResult = 'paid' | 'duplicate' | 'refund_due' | 'failed' | 'bad_signature' | 'unknown_trade' | 'amount_mismatch';

const METHOD_TEXT: Record<number, string> = { 5: '支付宝扫码支付成功', 6: '微信扫码支付成功' };

/**
 * Processes a gateway's asynchronous notification, exactly once. The signature is checked first (outside any
 * transaction); then, in one transaction with the payment row locked, the first `paid` notice flips the payment
 * `pending -> paid` and marks its order paid. A replay, a duplicate or two at the same moment find the payment no
 * longer pending and change nothing. Money taken for an order that was cancelled (or paid by another attempt)
 * meanwhile, or an amount other than asked, is kept as `refund_due`, never lost, and the same transaction queues its
 * refund through the gateway (`payment.refund`, refund-payment.ts). Every notification is recorded with what it did.
 */
export async function handleNotification(
  db: Db,
  provider: QrPaymentProvider,
  body: string,
  contentType: string,
): Promise<{ result: NotificationResult; ack: string }> {
  let notice: PaymentNotice | null = null;
  try {
    notice = await provider.parseNotification(body, contentType);
  } catch {
    notice = null;
  }
  if (!notice) {
    await record(db, provider.name, '', body, false, 'bad_signature');
    return { result: 'bad_signature', ack: 'fail' };
  }
  const n = notice;
  const result = await transaction(db, async (tx): Promise<NotificationResult> => {
    const [p] = await tx.select().from(payment).where(eq(payment.outTradeNo, n.outTradeNo)).for('update');
    let outcome: NotificationResult;
    if (!p || p.provider !== provider.name) outcome = 'unknown_trade';
    else if (n.amount !== p.amount || n.currency.toUpperCase() !== p.currency) {
      outcome = 'amount_mismatch';
      if (p.status === 'pending' && n.status === 'paid') {
        await tx
          .update(payment)
          .set({
            status: 'refund_due',
            reason: `金额不符：通知${toYuan(n.amount)} ${n.currency}，应付${toYuan(p.amount)} ${p.currency}，款项待退回`,
          })
          .where(eq(payment.paymentId, p.paymentId));
        await queuePaymentRefund(tx, p.paymentId, n.amount);
      }
    } else if (p.status !== 'pending') outcome = 'duplicate';
    else if (n.status === 'failed') {
      await tx
        .update(payment)
        .set({ status: 'failed', reason: n.reason ?? '支付未完成', providerTradeNo: n.providerTradeNo })
        .where(eq(payment.paymentId, p.paymentId));
      outcome = 'failed';
    } else {
      const at = now();
      const settled = await settleSubject(tx, {
        subject: p.subject,
        subjectId: p.subjectId,
        uid: p.uid,
        payType: p.payType,
        amount: p.amount,
        at,
        message: METHOD_TEXT[p.payType] ?? '支付成功',
      });
      await tx
        .update(payment)
        .set(
          settled.ok
            ? { status: 'paid', paidAt: at, providerTradeNo: n.providerTradeNo }
            : { status: 'refund_due', paidAt: at, providerTradeNo: n.providerTradeNo, reason: `${SETTLE_TEXT[settled.why]}，款项待退回` },
        )
        .where(eq(payment.paymentId, p.paymentId));
      if (!settled.ok) await queuePaymentRefund(tx, p.paymentId, n.amount);
      outcome = settled.ok ? 'paid' : 'refund_due';
    }
    await record(tx, provider.name, n.outTradeNo, body, true, outcome);
    return outcome;
  });
  if (result === 'refund_due' || result === 'amount_mismatch') {
    console.error(`payment ${n.outTradeNo}: ${result} (money kept; the payment.refund job gives it back)`);
  }
  // Recorded: the gateway may stop resending (an unknown trade is not ours and will not become ours).
  return { result, ack: provider.ack };
}

async function record(db: Db, provider: string, outTradeNo: string, body: string, verified: boolean, result: NotificationResult) {
  await db
    .insert(paymentNotification)
    .values({ provider, outTradeNo, body: body.slice(0, 8000), verified: verified ? 1 : 0, result, createdAt: now() });
}
