import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getDelivery } from '../server/services/logistics/get-delivery.ts';
import { parseId } from '../shared/routes.ts';

/**
 * `/logistics_delivery?orderId=<order_id>` (login required): the shopper's order delivered by the merchant's rider:
 * the receipt code to tell the rider, the rider, the steps from the order's timeline, receiver and payment. Any
 * other order is a 404.
 */
export async function loadLogisticsDelivery(page: PageInput) {
  const id = parseId(page.url.searchParams.get('orderId') ?? undefined);
  if (id === null) return failure(404, '订单不存在');
  return loadPage(async () => {
    const [delivery, { pricing }] = await Promise.all([getDelivery(ctxOf(page), { id }), pageBasics(page)]);
    return { ...delivery, pricing };
  });
}
