import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { trackOrder } from '../server/services/logistics/track-order.ts';
import { listRecommend } from '../server/services/catalogue/list-recommend.ts';
import { parseId } from '../shared/routes.ts';

/**
 * `/logistics?orderId=<order_id>` (login required): the shopper's order shipped by express, its courier and tracking
 * number, the parcel's timeline, and "recommended for you". Another shopper's, an unknown or an unshipped order is a
 * 404; a tracking service that fails leaves the timeline empty with a message.
 */
export async function loadLogistics(page: PageInput) {
  const id = parseId(page.url.searchParams.get('orderId') ?? undefined);
  if (id === null) return failure(404, '订单不存在');
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const tracked = await trackOrder(ctx, { id });
    const [recommend, { pricing }] = await Promise.all([listRecommend(ctx, { page: 1, limit: 5 }), pageBasics(page)]);
    return { ...tracked, recommend: recommend.list, pricing };
  });
}
