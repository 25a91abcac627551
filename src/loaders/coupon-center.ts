import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listCoupons } from '../server/services/coupon/list-coupons.ts';

const LIMIT = 15;

/** `/coupon_center?type=&page`: claimable coupons with the shopper's claim state and sample products. */
export function loadCouponCenter(page: PageInput) {
  return loadPage(async () => {
    const q = page.url.searchParams;
    const [list, basics] = await Promise.all([
      listCoupons(ctxOf(page), { type: q.get('type') ?? undefined, product: 1, page: q.get('page') ?? undefined, limit: LIMIT }),
      pageBasics(page),
    ]);
    return { list, type: q.get('type') ? Number(q.get('type')) : -1, page: Number(q.get('page')) || 1, limit: LIMIT, ...basics };
  });
}
