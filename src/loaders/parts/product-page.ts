/**
 * Server-side data of the three product pages (normal, flash sale, presale): the page's own detail first
 * (it names the merchant and category), then reviews, coupons and price notes together.
 */
import type { ServiceContext } from '../../server/services/context.ts';
import { firstReviewsOf, type ProductDetail } from '../../server/services/catalogue/product-detail.ts';
import { listReviews, type ReviewPage } from '../../server/services/catalogue/list-reviews.ts';
import { getPriceRule } from '../../server/services/catalogue/get-price-rule.ts';
import { listProductCoupons } from '../../server/services/coupon/list-product-coupons.ts';
import { listMerchantCoupons, shopCouponsForVisitors } from '../../server/services/coupon/list-merchant-coupons.ts';
import type { CouponDto } from '../../server/services/coupon/coupon-dto.ts';
import { couponFlags } from '../../server/services/catalogue/product-card.ts';
import type { Pricing } from '../../server/pricing/pricing.ts';
import { loadPage, type PageResult } from '../result.ts';
import { ctxOf, pageBasics, type PageInput } from '../page.ts';
import { REVIEW_FILTERS } from '../../shared/schemas/catalogue.ts';
import { pageQrSrc } from '../../server/services/media/page-qr.ts';
import {
  merchantProductCategoryTree,
  type MerchantProductCategoryNode,
} from '../../server/services/merchant/list-merchant-product-categories.ts';

export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface PageExtras {
  reviews: ReviewPage;
  reviewFilter: ReviewFilter;
  reviewPage: number;
  /** Product and shop coupons to claim; none on a flash sale or presale, which no coupon applies to. */
  coupons: CouponDto[];
  priceRule: string;
  pricing: Pricing;
  origin: string;
  /** Where the QR code of the page's absolute URL is drawn ("buy on your phone", `/qr.svg`). */
  qr: string;
  /** The shop's own categories, for the shop bar's 全部分类 menu (reference: the shop header's category dropdown). */
  shopCategories: MerchantProductCategoryNode[];
}

export interface ProductPage<T> {
  main: T;
  product: ProductDetail;
  extras: PageExtras;
}

/**
 * Loads a product page: `load` reads the page's own detail (it names the merchant and category), then
 * reviews, coupons and price notes are read together. Refusals become the page's failure.
 */
export function loadProductPage<T>(
  page: PageInput,
  load: (ctx: ServiceContext) => Promise<T>,
  productOf: (main: T) => ProductDetail,
  /** A flash sale shows the reviews of the product it sells, which its detail names: no lookup. */
  reviewedOf?: (main: T) => number,
): Promise<PageResult<ProductPage<T>>> {
  const { url } = page;
  const ctx = ctxOf(page);
  const reply = url.searchParams.get('reply') ?? '';
  const pageNo = url.searchParams.get('page') ?? '';
  return loadPage(async () => {
    const [main, { pricing, origin }, flags] = await Promise.all([load(ctx), pageBasics(page), couponFlags(ctx)]);
    const p = productOf(main);
    // Most products and shops have no claimable coupon: the cached coupon markers (the lists' "券") say which do.
    // A flash sale or presale takes no coupon at checkout (price-order.ts), so its page offers none.
    const couponsApply = p.product_type === 0;
    // The shared render (no shopper) reads a shop's coupons kept per shop; a shopper's own render reads their claim marks too.
    const shopCoupons = (merId: number) => (ctx.user ? listMerchantCoupons(ctx, { id: merId }) : shopCouponsForVisitors(ctx, merId));
    const [reviews, productCoupons, merchantCoupons, rule, shopCategories] = await Promise.all([
      listReviews(
        ctx,
        { id: p.product_id, type: reply, page: pageNo },
        p.product_type === 0
          ? { reviewedId: p.product_id, count: p.reply_count, first: firstReviewsOf(p) }
          : reviewedOf && { reviewedId: reviewedOf(main) },
      ),
      couponsApply && flags.products.has(p.product_id) ? listProductCoupons(ctx, { ids: String(p.product_id) }) : [],
      couponsApply && flags.shops.has(p.mer_id) ? shopCoupons(p.mer_id) : [],
      getPriceRule(ctx, { cate_id: p.cate_id }),
      // The shop bar's category menu (kept per shop: no query on most pages).
      merchantProductCategoryTree(ctx, p.mer_id),
    ]);
    const reviewFilter = (REVIEW_FILTERS as readonly string[]).includes(reply) ? (reply as ReviewFilter) : 'count';
    return {
      main,
      product: p,
      extras: {
        reviews,
        reviewFilter,
        reviewPage: Math.max(1, Number(pageNo) || 1),
        coupons: [...productCoupons, ...merchantCoupons],
        priceRule: rule.content,
        pricing,
        origin,
        qr: pageQrSrc(url.pathname),
        shopCategories,
      },
    };
  });
}
