import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getUser } from '../server/services/user/get-user.ts';
import { getPayMethods } from '../server/services/payment/pay-methods.ts';
import { parseYuan } from '../shared/money.ts';
import { payUrls, readPaySubject, subjectQuery } from './parts/pay-subject.ts';

/**
 * `/payment?result=<group_order_id>` (or `&type=2` with `result=<order_id>` for a presale balance; login required):
 * the order to pay, the shopper's balance and the pay methods switched on. A paid order sends the shopper to
 * /payment_success (`redirect`); a cancelled or closed one is shown as such, without a way to pay. Another shopper's
 * or an unknown id is a 404.
 */
export async function loadPayment(page: PageInput) {
  const q = subjectQuery(page.url, 'result');
  if (!q) return failure(404, '订单不存在');
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const [subject, user, methods, { pricing }] = await Promise.all([
      readPaySubject(ctx, q),
      getUser(ctx),
      getPayMethods(ctx),
      pageBasics(page),
    ]);
    const urls = payUrls(subject);
    return {
      subject,
      methods,
      /** The balance when balance payment is on; whether it covers the order. */
      balance: methods.balance ? user.now_money : null,
      balanceShort: (parseYuan(user.now_money) ?? 0) < (parseYuan(subject.payPrice) ?? 0),
      redirect: subject.state === 'paid' ? urls.success : null,
      pricing,
    };
  });
}
