import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getRefundProduct } from '../server/services/refund/refundable-items.ts';
import { ServiceError } from '../server/services/errors.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_MESSAGES, REFUND_TEXT } from '../shared/refund.ts';
import { idsOf, oneOrTwo } from './refund-pages.ts';

/**
 * `/refund_confirm?orderId&type&ids&refund_type` (login required): the refund form for items of one of the shopper's
 * orders with the most they may get back. Another shopper's order or an item not of it is a 404; items not
 * refundable (switch off, nothing left, window passed, a return of an unshipped order) are the error page with the reason.
 */
export async function loadRefundConfirm(page: PageInput) {
  const q = page.url.searchParams;
  const orderId = parseId(q.get('orderId') ?? undefined);
  const ids = idsOf(page.url);
  if (orderId === null || ids === null) return failure(404, REFUND_TEXT.orderGone);
  if (!ids.length) return failure(404, '请选择要退款的商品');
  const type = ids.length > 1 ? 2 : oneOrTwo(q.get('type'));
  const refundType = oneOrTwo(q.get('refund_type'));
  return loadPage(async () => {
    const [product, { pricing }] = await Promise.all([getRefundProduct(ctxOf(page), { order_id: orderId, ids }), pageBasics(page)]);
    if (refundType === 2 && product.status === 0) throw new ServiceError('refused', REFUND_TEXT.noReturn);
    return { orderId, ids, type, refundType, product, reasons: REFUND_MESSAGES, pricing };
  });
}
