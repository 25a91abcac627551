import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getOrder } from '../server/services/order/get-order.ts';
import { parseId } from '../shared/routes.ts';

/**
 * `/order_detail?orderId=<order_id>` (login required): one of the shopper's paid store orders. Another shopper's, a
 * deleted or an unknown id is a 404 (an unpaid order has its own page, /order_stay_detail).
 */
export async function loadOrderDetail(page: PageInput) {
  const id = parseId(page.url.searchParams.get('orderId') ?? undefined);
  if (id === null) return failure(404, '订单不存在');
  return loadPage(async () => {
    const [order, { pricing }] = await Promise.all([getOrder(ctxOf(page), { id }), pageBasics(page)]);
    return { order, pricing };
  });
}
