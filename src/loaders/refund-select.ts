import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listRefundableItems } from '../server/services/refund/refundable-items.ts';
import { getOrder } from '../server/services/order/get-order.ts';
import { ServiceError } from '../server/services/errors.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_TEXT } from '../shared/refund.ts';
import { idsOf, oneOrTwo } from './refund-pages.ts';

/**
 * `/user/refund_select?orderId&type&ids` (login required): the two kinds of request (refund only; return and refund)
 * for items of one of the shopper's orders. Another shopper's or an unknown order is a 404; an order or items with
 * nothing refundable is the error page with the reason.
 */
export async function loadRefundSelect(page: PageInput) {
  const q = page.url.searchParams;
  const orderId = parseId(q.get('orderId') ?? undefined);
  const ids = idsOf(page.url);
  if (orderId === null || ids === null) return failure(404, REFUND_TEXT.orderGone);
  const type = oneOrTwo(q.get('type'));
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [order, items, { pricing }] = await Promise.all([
      getOrder(ctx, { id: orderId }),
      listRefundableItems(ctx, { order_id: orderId, ids: type === 1 ? ids : [] }),
      pageBasics(page),
    ]);
    if (!items.length || (type === 1 && items.length !== 1)) throw new ServiceError('refused', REFUND_TEXT.nothingLeft);
    return { order, items, type, ids: items.map((i) => i.order_product_id), pricing };
  });
}
