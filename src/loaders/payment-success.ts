import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { payTypeName } from '../shared/payment.ts';
import { payUrls, readPaySubject, resultSubject } from './parts/pay-subject.ts';

/**
 * `/payment_success?orderId=` (`&type=2` for a presale balance; login required): shown only for the shopper's paid
 * order. One not paid (yet, or any more) sends the shopper back to /payment (`redirect`); another shopper's or an
 * unknown id is a 404.
 */
export async function loadPaymentSuccess(page: PageInput) {
  const q = resultSubject(page.url);
  if (!q) return failure(404, '订单不存在');
  return loadPage(async () => {
    const [subject, { pricing }] = await Promise.all([readPaySubject(ctxOf(page), q), pageBasics(page)]);
    return {
      subject,
      payMethod: payTypeName(subject.payType),
      redirect: subject.state === 'paid' ? null : payUrls(subject).pay,
      pricing,
    };
  });
}
