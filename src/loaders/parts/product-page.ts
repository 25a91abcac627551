/**
 * Server-side data of the three product pages (normal, flash sale, presale): the page's own detail first
 * (it names the merchant and category), then reviews, coupons and price notes together.
 */
import QRCode from 'qrcode';
import type { ServiceContext } from '../../server/services/context.ts';
import { firstReviewsOf, type ProductDetail } from '../../server/services/catalogue/product-detail.ts';
import { listReviews, type ReviewPage } from '../../server/services/catalogue/list-reviews.ts';
import { getPriceRule } from '../../server/services/catalogue/get-price-rule.ts';
import { listProductCoupons } from '../../server/services/coupon/list-product-coupons.ts';
import { listMerchantCoupons } from '../../server/services/coupon/list-merchant-coupons.ts';
import type { CouponDto } from '../../server/services/coupon/coupon-dto.ts';
import { couponFlags } from '../../server/services/catalogue/product-card.ts';
import type { Pricing } from '../../server/pricing/pricing.ts';
import { loadPage, type PageResult } from '../result.ts';
import { ctxOf, pageBasics, type PageInput } from '../page.ts';
import { REVIEW_FILTERS } from '../../shared/schemas/catalogue.ts';

export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface PageExtras {
  reviews: ReviewPage;
  reviewFilter: ReviewFilter;
  reviewPage: number;
  coupons: CouponDto[];
  priceRule: string;
  pricing: Pricing;
  origin: string;
  /** The page's absolute URL as an SVG data URI QR code ("buy on your phone"). */
  qr: string;
}

export interface ProductPage<T> {
  main: T;
  product: ProductDetail;
  extras: PageExtras;
}

/**
 * Loads a product page: `load` reads the page's own detail (it names the merchant and category), then
 * reviews, coupons, price notes and the QR code are read together. Refusals become the page's failure.
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
    const pageUrl = new URL(url.pathname, origin).href;
    // Most products and shops have no claimable coupon: the cached coupon markers (the lists' "券") say which do.
    const [reviews, productCoupons, merchantCoupons, rule, qr] = await Promise.all([
      listReviews(
        ctx,
        { id: p.product_id, type: reply, page: pageNo },
        p.product_type === 0
          ? { reviewedId: p.product_id, count: p.reply_count, first: firstReviewsOf(p) }
          : reviewedOf && { reviewedId: reviewedOf(main) },
      ),
      flags.products.has(p.product_id) ? listProductCoupons(ctx, { ids: String(p.product_id) }) : [],
      flags.shops.has(p.mer_id) ? listMerchantCoupons(ctx, { id: p.mer_id }) : [],
      getPriceRule(ctx, { cate_id: p.cate_id }),
      // A fixed mask skips scoring all eight (most of the encoder's time), and one byte-mode segment skips the search
      // for the shortest mix of modes (half of what is left, the same QR version for these URLs); any such code scans.
      QRCode.toString([{ data: Buffer.from(pageUrl), mode: 'byte' }], {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        maskPattern: 2,
      }),
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
        qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`,
      },
    };
  });
}
