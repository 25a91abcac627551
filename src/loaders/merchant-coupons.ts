import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { loadMerchantFrame } from './parts/merchant-frame.ts';
import { listMerchantCoupons } from '../server/services/coupon/list-merchant-coupons.ts';

/** `/store/storeCoupon?id=`: all claimable coupons of a merchant (merchant and product coupons) with the shopper's claim state. */
export function loadMerchantCoupons(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [frame, basics] = await Promise.all([loadMerchantFrame(ctx, page.url.searchParams.get('id')), pageBasics(page)]);
    return { frame, coupons: await listMerchantCoupons(ctx, { id: frame.merchant.mer_id, all: 1 }), ...basics };
  });
}
