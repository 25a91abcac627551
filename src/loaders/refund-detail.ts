import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getRefund } from '../server/services/refund/get-refund.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_TEXT } from '../shared/refund.ts';

/** `/refund_detail?id=` (login required): one of the shopper's refund requests; another shopper's or an unknown one is a 404. */
export async function loadRefundDetail(page: PageInput) {
  const id = parseId(page.url.searchParams.get('id') ?? undefined);
  if (id === null) return failure(404, REFUND_TEXT.refundGone);
  return loadPage(async () => {
    const [refund, { pricing }] = await Promise.all([getRefund(ctxOf(page), { id }), pageBasics(page)]);
    return { refund, pricing };
  });
}
