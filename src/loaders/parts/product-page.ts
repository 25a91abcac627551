/**
 * Server-side data of the three product pages (normal, flash sale, presale): the page's own detail first
 * (it names the shop and category), then reviews, coupons and price notes together. Frontmatter only.
 */
import QRCode from 'qrcode';
import type { AstroGlobal } from 'astro';
import type { ServiceContext } from '../../server/services/context.ts';
import { ServiceError } from '../../server/services/errors.ts';
import type { ProductDetail } from '../../server/services/catalogue/product-detail.ts';
import { listReviews, type ReviewPage } from '../../server/services/catalogue/list-reviews.ts';
import { getPriceRule } from '../../server/services/catalogue/get-price-rule.ts';
import { listProductCoupons } from '../../server/services/coupon/list-product-coupons.ts';
import { listMerchantCoupons } from '../../server/services/coupon/list-merchant-coupons.ts';
import type { CouponDto } from '../../server/services/coupon/coupon-dto.ts';
import { pricingOf, type Pricing } from '../../server/pricing/pricing.ts';
import { pageOrigin } from '../../server/page/origin.ts';
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

export type PageResult<T> = { ok: true; main: T; product: ProductDetail; extras: PageExtras } | { ok: false; status: number; message: string };

/** Loads a product page; a ServiceError becomes `{ok: false, status}` (404 unknown, 400 bad query). */
export async function loadProductPage<T>(
  Astro: AstroGlobal,
  load: (ctx: ServiceContext) => Promise<T>,
  productOf: (main: T) => ProductDetail,
): Promise<PageResult<T>> {
  const { locals, url } = Astro;
  const ctx: ServiceContext = { db: locals.db, user: locals.user };
  const reply = url.searchParams.get('reply') ?? '';
  const page = url.searchParams.get('page') ?? '';
  try {
    const [main, pricing, origin] = await Promise.all([load(ctx), pricingOf(locals), pageOrigin(locals, url)]);
    const p = productOf(main);
    const pageUrl = new URL(url.pathname, origin).href;
    const [reviews, productCoupons, storeCoupons, rule, qr] = await Promise.all([
      listReviews(ctx, { id: p.product_id, type: reply, page }, p.product_type === 0 ? { reviewedId: p.product_id } : undefined),
      listProductCoupons(ctx, { ids: String(p.product_id) }),
      listMerchantCoupons(ctx, { id: p.mer_id }),
      getPriceRule(ctx, { cate_id: p.cate_id }),
      // A fixed mask skips scoring all eight (most of the encoder's time); every mask is a valid code.
      QRCode.toString(pageUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', maskPattern: 2 }),
    ]);
    const reviewFilter = (REVIEW_FILTERS as readonly string[]).includes(reply) ? (reply as ReviewFilter) : 'count';
    return {
      ok: true,
      main,
      product: p,
      extras: {
        reviews, reviewFilter, reviewPage: Math.max(1, Number(page) || 1),
        coupons: [...productCoupons, ...storeCoupons], priceRule: rule.content, pricing, origin,
        qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`,
      },
    };
  } catch (err) {
    if (err instanceof ServiceError && (err.status === 400 || err.status === 404)) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}

/** The SKU map as the buy box shows it: prices already in the shopper's currency, the charged CNY beside. */
export function buySkus(p: ProductDetail, pricing: Pricing) {
  return Object.fromEntries(
    Object.entries(p.sku).map(([k, s]) => [k, {
      stock: s.stock,
      unique: s.unique,
      image: s.image || p.image,
      price: pricing.show(s.price),
      ot: Number(s.ot_price) > Number(s.price) ? pricing.show(s.ot_price) : '',
      charged: pricing.base ? '' : pricing.charged(s.price),
      down: Number(s.down_price) > 0 ? pricing.show(s.down_price) : '',
    }]),
  );
}
