import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getGroupOrder } from '../server/services/order/get-group-order.ts';
import { parseId } from '../shared/routes.ts';

/**
 * `/order_stay_detail?orderId=<group order id>` (login required): an order as placed, awaiting payment, with the
 * deadline of its automatic cancellation. Another shopper's or an unknown id is a 404.
 */
export async function loadOrderStayDetail(page: PageInput) {
  const id = parseId(page.url.searchParams.get('orderId') ?? undefined);
  if (id === null) return failure(404, '订单不存在');
  return loadPage(async () => {
    const [order, { pricing }] = await Promise.all([getGroupOrder(ctxOf(page), { id }), pageBasics(page)]);
    return { order, pricing };
  });
}
