import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getPayFailure } from '../server/services/payment/get-pay-failure.ts';
import { SETTLE_TEXT } from '../server/services/payment/settle.ts';
import { payTypeName } from '../shared/payment.ts';
import { payUrls, readPaySubject, resultSubject } from './parts/pay-subject.ts';

/**
 * `/payment_failed?orderId=&reason=` (`&type=2` for a presale balance; login required): why the shopper's last
 * attempt failed, read from the database (the `reason` in the link is never shown: anyone can write a link), and
 * the way to pay again while the order is still payable. A paid order goes to /payment_success (`redirect`);
 * another shopper's or an unknown id is a 404.
 */
export async function loadPaymentFailed(page: PageInput) {
  const q = resultSubject(page.url);
  if (!q) return failure(404, '订单不存在');
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const [subject, failed, { pricing }] = await Promise.all([
      readPaySubject(ctx, q),
      getPayFailure(ctx, { id: q.id, subject: q.presell ? 'presell' : 'group' }),
      pageBasics(page),
    ]);
    const urls = payUrls(subject);
    const closed = subject.state === 'cancelled' ? SETTLE_TEXT.cancelled : subject.state === 'closed' ? SETTLE_TEXT.closed : '';
    return {
      subject,
      /** The recorded reason; without a failed attempt, why the order cannot be paid, or that it is not paid yet. */
      reason: failed?.reason ?? (closed || '支付未完成'),
      payMethod: failed ? payTypeName(failed.pay_type) : '',
      failedAt: failed?.create_time ?? '',
      /** Where 重新支付 leads, while the order can still be paid. */
      retry: subject.state === 'unpaid' || subject.state === 'not_due' ? urls.pay : null,
      closed,
      redirect: subject.state === 'paid' ? urls.success : null,
      pricing,
    };
  });
}
