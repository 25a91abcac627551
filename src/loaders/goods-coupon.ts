import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { readListing } from './parts/search-listing.ts';
import { getCoupon } from '../server/services/coupon/get-coupon.ts';
import { listCouponProducts } from '../server/services/coupon/list-coupon-products.ts';
import { listBrands } from '../server/services/catalogue/list-brands.ts';

export const GOODS_COUPON_LIMIT = 15;

/** `/goods_coupon?id=<coupon_id>`: the coupon, the products it applies to (filtered) and the brand facet. */
export function loadGoodsCoupon(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const id = page.url.searchParams.get('id') ?? '';
    const state = readListing(page.url.searchParams);
    const limit = state.limit ?? GOODS_COUPON_LIMIT;
    const [coupon, products, brands, basics] = await Promise.all([
      getCoupon(ctx, { id }),
      listCouponProducts(ctx, { ...state, coupon_id: id, keyword: state.title, limit }),
      listBrands(ctx, { keyword: state.title, limit: 100 }),
      pageBasics(page),
    ]);
    return { state, coupon, products, brands: brands.list, limit, ...basics };
  });
}
