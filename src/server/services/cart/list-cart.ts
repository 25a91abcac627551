import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { cart, coupon, couponProduct } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { now } from '../dates.ts';
import { svipFields } from '../catalogue/svip.ts';
import { claimableAt } from '../coupon/coupon-rules.ts';
import { couponDtos, type CouponDto } from '../coupon/coupon-dto.ts';
import { loadCartTargets, targetProblem, targetRule, type CartProduct, type CartSku, type TargetProblem } from './cart-target.ts';

/** The product of a cart line. Money is yuan; the limits are the effective ones (an activity's cap). */
export interface CartLineProduct {
  store_name: string;
  image: string;
  price: string;
  unit_name: string;
  once_min_count: number;
  once_max_count: number;
  /** 1 on sale, 0 off the shelf or deleted. */
  status: number;
}

/** The SKU of a cart line (its price is what the line is charged per piece, yuan). */
export interface CartLineSku {
  sku: string;
  unique: string;
  price: string;
  ot_price: string;
  stock: number;
  image: string;
  show_svip_price: boolean;
  svip_price: string;
}

export interface CartLine {
  cart_id: number;
  cart_num: number;
  product_id: number;
  product_type: number;
  product_attr_unique: string;
  product: CartLineProduct;
  productAttr: CartLineSku;
}

/** A line that cannot be bought now, with the reason the page shows. */
export interface CartFailLine extends Omit<CartLine, 'productAttr'> {
  productAttr: CartLineSku | null;
  reason: string;
}

export interface CartGroup {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  is_trader: number;
  /** The shop's coupons the shopper can claim now: shop coupons and product coupons of products in this cart. */
  coupon: CouponDto[];
  list: CartLine[];
}

export interface CartList {
  list: CartGroup[];
  fail: CartFailLine[];
}

const REASON: Record<TargetProblem, string | ((productType: number) => string)> = {
  deleted: '商品已删除',
  closed: '店铺已关闭',
  off: '商品已下架',
  notStarted: (t) => (t === 2 ? '预售未开始' : '秒杀未开始'),
  ended: (t) => (t === 2 ? '预售已结束' : '秒杀已结束'),
  noSku: '规格已失效',
  soldOut: '已售罄',
};

export function failReason(problem: TargetProblem, productType: number): string {
  const r = REASON[problem];
  return typeof r === 'string' ? r : r(productType);
}

function productDto(p: CartProduct | undefined, sku: CartSku | undefined): CartLineProduct {
  if (!p) return { store_name: '', image: '', price: '0.00', unit_name: '件', once_min_count: 0, once_max_count: 0, status: 0 };
  const rule = sku ? targetRule(p, sku) : { stock: 0, once_min_count: p.onceMinCount, once_max_count: p.onceMaxCount };
  return {
    store_name: p.storeName,
    image: p.image,
    price: toYuan(p.price),
    unit_name: p.unitName,
    once_min_count: rule.once_min_count ?? 0,
    once_max_count: rule.once_max_count ?? 0,
    status: p.status === 1 ? 1 : 0,
  };
}

function skuDto(s: CartSku, p: CartProduct): CartLineSku {
  const price = toYuan(s.price);
  const svip = svipFields(price);
  return {
    sku: s.sku,
    unique: s.unique,
    price,
    ot_price: toYuan(s.otPrice),
    stock: s.stock,
    image: s.image || p.image,
    show_svip_price: svip.show_svip_info.show_svip_price,
    svip_price: svip.svip_price,
  };
}

/** Claimable coupons of these shops: shop coupons, and product coupons of the products in the cart. */
async function claimableCoupons(ctx: ServiceContext, merIds: number[], productIds: number[]): Promise<Map<number, CouponDto[]>> {
  const out = new Map<number, CouponDto[]>();
  if (!merIds.length) return out;
  const forCart = sql`exists (select 1 from ${couponProduct} where ${couponProduct.couponId} = ${coupon.couponId} and ${inArray(couponProduct.productId, productIds)})`;
  const rows = await ctx.db
    .select()
    .from(coupon)
    .where(and(inArray(coupon.merId, merIds), or(eq(coupon.type, 0), and(eq(coupon.type, 1), forCart)), claimableAt(now())))
    .orderBy(desc(coupon.sort), asc(coupon.couponId));
  for (const c of await couponDtos(ctx, rows)) out.set(c.mer_id, [...(out.get(c.mer_id) ?? []), c]);
  return out;
}

/**
 * `GET /api/user/cart/lst` (login required): the shopper's cart lines (not buy-now, not ordered) grouped by
 * shop, shops in the order of their newest line and lines newest first, each shop with the coupons the
 * shopper can claim there. Lines that cannot be bought now (off the shelf, deleted, SKU gone, sold out,
 * shop closed, activity over) are listed apart in `fail` with the reason. Five queries, whatever the cart holds.
 */
export async function listCart(ctx: ServiceContext): Promise<CartList> {
  const user = requireUser(ctx);
  const lines = await ctx.db
    .select()
    .from(cart)
    .where(and(eq(cart.uid, user.uid), eq(cart.isPay, false), eq(cart.isNew, false)))
    .orderBy(desc(cart.createdAt), desc(cart.cartId));
  const targets = await loadCartTargets(
    ctx,
    lines.map((l) => ({ productId: l.productId, unique: l.productAttrUnique })),
  );
  const groups = new Map<number, CartGroup>();
  const fail: CartFailLine[] = [];
  lines.forEach((l, i) => {
    const t = targets[i]!;
    const p = t.product;
    const base = {
      cart_id: l.cartId,
      cart_num: l.cartNum,
      product_id: l.productId,
      product_type: p?.productType ?? 0,
      product_attr_unique: l.productAttrUnique,
      product: productDto(p, t.sku),
    };
    const problem = targetProblem(t);
    if (problem || !p || !t.sku) {
      fail.push({
        ...base,
        productAttr: t.sku && p ? skuDto(t.sku, p) : null,
        reason: failReason(problem ?? 'deleted', base.product_type),
      });
      return;
    }
    let group = groups.get(p.merId);
    if (!group) {
      group = { mer_id: p.merId, mer_name: p.merName, mer_avatar: p.merAvatar, is_trader: p.isTrader ? 1 : 0, coupon: [], list: [] };
      groups.set(p.merId, group);
    }
    group.list.push({ ...base, productAttr: skuDto(t.sku, p) });
  });
  const list = [...groups.values()];
  const coupons = await claimableCoupons(
    ctx,
    list.map((g) => g.mer_id),
    list.flatMap((g) => g.list.map((l) => l.product_id)),
  );
  for (const g of list) g.coupon = coupons.get(g.mer_id) ?? [];
  return { list, fail };
}
