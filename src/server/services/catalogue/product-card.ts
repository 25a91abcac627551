import { and, eq, inArray } from 'drizzle-orm';
import { coupon, couponProduct, product } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { claimableAt } from '../coupon/coupon-rules.ts';
import { merchantBriefs, briefOf, type MerchantBrief } from '../merchant/merchant-summary.ts';
import { now } from './dates.ts';

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
 * `issetCoupon` when a claimable shop or product coupon applies, and the shop's brief.
 */
export interface ProductCard {
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
}

/** Which of these products have a claimable product coupon, and which shops a claimable shop coupon. */
async function couponFlags(ctx: Pick<ServiceContext, 'db'>, rows: CardRow[]) {
  const at = now();
  const ids = rows.map((r) => r.product_id);
  const merIds = [...new Set(rows.map((r) => r.mer_id))];
  const [byProduct, byShop] = await Promise.all([
    ctx.db
      .selectDistinct({ id: couponProduct.productId })
      .from(couponProduct)
      .innerJoin(coupon, eq(coupon.couponId, couponProduct.couponId))
      .where(and(inArray(couponProduct.productId, ids), eq(coupon.type, 1), claimableAt(at))),
    ctx.db
      .selectDistinct({ id: coupon.merId })
      .from(coupon)
      .where(and(inArray(coupon.merId, merIds), eq(coupon.type, 0), claimableAt(at))),
  ]);
  return { products: new Set(byProduct.map((r) => r.id)), shops: new Set(byShop.map((r) => r.id)) };
}

export function cardOf(r: CardRow, merchant: MerchantBrief | null, issetCoupon: boolean): ProductCard {
  return {
    ...r,
    price: toYuan(r.price),
    ot_price: toYuan(r.ot_price),
    rate: Number(r.rate),
    delivery_free: r.delivery_free ? 1 : 0,
    issetCoupon,
    merchant,
  };
}

/** Turns selected rows into cards (two small queries for the coupon flags, merchants from the cache). */
export async function toCards(ctx: Pick<ServiceContext, 'db'>, rows: CardRow[]): Promise<ProductCard[]> {
  if (!rows.length) return [];
  const [flags, briefs] = await Promise.all([couponFlags(ctx, rows), merchantBriefs(ctx)]);
  return rows.map((r) => cardOf(r, briefOf(briefs.get(r.mer_id)), flags.products.has(r.product_id) || flags.shops.has(r.mer_id)));
}
