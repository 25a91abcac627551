import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listRefundableItems } from '../server/services/refund/refundable-items.ts';
import { getOrder } from '../server/services/order/get-order.ts';
import { ServiceError } from '../server/services/errors.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_TEXT } from '../shared/refund.ts';
import { ORDER_STATUS } from '../server/db/schema/index.ts';
import { oneOrTwo } from './refund-pages.ts';

/**
 * `/refund?orderId&type=2&refund_type` (login required): the items of one of the shopper's orders still refundable,
 * to pick for one request. Another shopper's or an unknown order is a 404; one with nothing refundable is the error
 * page with the reason.
 */
export async function loadRefund(page: PageInput) {
  const q = page.url.searchParams;
  const orderId = parseId(q.get('orderId') ?? undefined);
  if (orderId === null) return failure(404, REFUND_TEXT.orderGone);
  const refundType = oneOrTwo(q.get('refund_type'));
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [order, items, { pricing }] = await Promise.all([
      getOrder(ctx, { id: orderId }),
      listRefundableItems(ctx, { order_id: orderId }),
      pageBasics(page),
    ]);
    if (!items.length) {
      const why = order.refund_status
        ? REFUND_TEXT.nothingLeft
        : order.status === ORDER_STATUS.refunded
          ? REFUND_TEXT.allRefunded
          : REFUND_TEXT.notAllowed;
      throw new ServiceError('refused', why);
    }
    if (refundType === 2 && order.status === 0) throw new ServiceError('refused', REFUND_TEXT.noReturn);
    return { order, items, refundType, pricing };
  });
}
