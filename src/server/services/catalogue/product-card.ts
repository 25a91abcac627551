import { and, eq } from 'drizzle-orm';
import { coupon, couponProduct, product } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { claimableAt } from '../coupon/coupon-rules.ts';
import { merchantBriefs, briefOf, type MerchantBrief } from '../merchant/merchant-summary.ts';
import { now } from '../dates.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { svipFields, type SvipFields } from './svip.ts';
import { shows, tag } from '../cache-tags.ts';
import { frameOf, liveFrames } from '../promotion/activity-frames.ts';

/** The columns every product list selects (small: no content, no search tokens). */
export const cardColumns = {
  product_id: product.productId,
  mer_id: product.merId,
  store_name: product.storeName,
  store_info: product.storeInfo,
  image: product.image,
  price: product.price,
  ot_price: product.otPrice,
  sales: product.sales,
  rate: product.rate,
  stock: product.stock,
  unit_name: product.unitName,
  product_type: product.productType,
  delivery_free: product.deliveryFree,
  cate_id: product.cateId,
  brand_id: product.brandId,
};

/** A selected card row (integer cents, numeric rate as text). */
export interface CardRow {
  product_id: number;
  mer_id: number;
  store_name: string;
  store_info: string;
  image: string;
  price: number;
  ot_price: number;
  sales: number;
  rate: string;
  stock: number;
  unit_name: string;
  product_type: number;
  delivery_free: boolean;
  cate_id: number;
  brand_id: number | null;
}

/**
 * The product card of every list (reference section 1): money as yuan strings, flags as 0/1,
 * `issetCoupon` when a claimable shop or product coupon applies (never to a flash sale or presale), and the shop's brief.
 */
export interface ProductCard extends SvipFields {
  product_id: number;
  mer_id: number;
  store_name: string;
  store_info: string;
  image: string;
  price: string;
  ot_price: string;
  sales: number;
  rate: number;
  stock: number;
  unit_name: string;
  product_type: number;
  delivery_free: number;
  cate_id: number;
  brand_id: number | null;
  issetCoupon: boolean;
  merchant: MerchantBrief | null;
  /** The activity frame laid over the picture (the operator's, promotion/activity-frames.ts), or ''. */
  border_pic: string;
}

/** Coupon markers change when a coupon opens, closes or runs out: read at most this often (claims drop it). */
export const COUPON_FLAGS_TTL_MS = 10_000;

/**
 * Every product with a claimable product coupon and every shop with a claimable shop coupon: the "券"
 * marker of every card. One cached read instead of two queries per product list.
 */
export function couponFlags(ctx: Pick<ServiceContext, 'db'>) {
  return cached(
    ctx.db,
    CACHE_KEYS.couponFlags,
    async () => {
      const at = now();
      const [byProduct, byShop] = await Promise.all([
        ctx.db
          .selectDistinct({ id: couponProduct.productId })
          .from(couponProduct)
          .innerJoin(coupon, eq(coupon.couponId, couponProduct.couponId))
          .where(and(eq(coupon.type, 1), claimableAt(at))),
        ctx.db
          .selectDistinct({ id: coupon.merId })
          .from(coupon)
          .where(and(eq(coupon.type, 0), claimableAt(at))),
      ]);
      return { products: new Set(byProduct.map((r) => r.id)), shops: new Set(byShop.map((r) => r.id)) };
    },
    COUPON_FLAGS_TTL_MS,
  );
}

export function cardOf(r: CardRow, merchant: MerchantBrief | null, issetCoupon: boolean, borderPic: string): ProductCard {
  const price = toYuan(r.price);
  return {
    ...r,
    price,
    ot_price: toYuan(r.ot_price),
    rate: Number(r.rate),
    delivery_free: r.delivery_free ? 1 : 0,
    issetCoupon,
    merchant,
    border_pic: borderPic,
    ...svipFields(price),
  };
}

/**
 * Whether a card gets the "券" marker: a claimable product coupon of it or shop coupon of its shop. Never on a flash
 * sale or presale: checkout takes no coupon for an activity product (order/price-order.ts).
 */
const couponApplies = (flags: { products: Set<number>; shops: Set<number> }, r: CardRow) =>
  r.product_type === 0 && (flags.products.has(r.product_id) || flags.shops.has(r.mer_id));

/** Turns selected rows into cards (coupon flags and merchants from the cache). */
export async function toCards(ctx: Pick<ServiceContext, 'db'>, rows: CardRow[]): Promise<ProductCard[]> {
  // A list's members and order depend on every product; each card also shows its shop's brief and any frame.
  shows('product', 'frame', ...new Set(rows.map((r) => tag('merchant', r.mer_id))));
  if (!rows.length) return [];
  const [flags, briefs, frames] = await Promise.all([couponFlags(ctx), merchantBriefs(ctx), liveFrames(ctx)]);
  const at = now().getTime();
  return rows.map((r) => cardOf(r, briefOf(briefs.get(r.mer_id)), couponApplies(flags, r), frameOf(frames, r, at)));
}
