import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import {
  cart,
  coupon,
  couponCategory,
  couponMerchant,
  couponProduct,
  couponUser,
  merchant,
  presell,
  product,
  productSku,
  seckillProduct,
  seckillTime,
  shippingTemplate,
  shippingTemplateRegion,
  storeGroupOrder,
  storeOrder,
  storeOrderProduct,
  userAddress,
  users,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { ServiceError } from '../errors.ts';
import { notFound } from '../input.ts';
import { now } from '../dates.ts';
import { getCategoryTree, leafIdsUnder } from '../catalogue/category-tree.ts';
import { productColumns } from '../catalogue/product-query.ts';
import { offerStatus } from '../promotion/seckill-clock.ts';
import { presellStatus } from '../promotion/presell-state.ts';
import { readSettings } from '../site/read-settings.ts';
import { quantityBounds } from '../../../shared/sku.ts';
import { regionLabel } from '../../../shared/address.ts';
import { toAddressDto } from '../address/address-row.ts';
import { checkoutForm, type CheckoutForm } from './order-form.ts';
import { priceOrder, PriceRefusal, type CouponCandidate, type LineInput, type PricedOrder, type TemplateInput } from './price-order.ts';

export const ORDER_TEXT = {
  lineGone: '购物车商品不存在',
  ordered: '订单已生成，请勿重复提交',
  activityAlone: '活动商品请单独下单',
  addressGone: '地址不存在',
  offShelf: (n: string) => `商品「${n}」已下架`,
  skuGone: (n: string) => `商品「${n}」的规格已失效`,
  shopClosed: (n: string) => `商品「${n}」所在店铺已关闭`,
  noStock: (n: string) => `商品「${n}」库存不足`,
  stockLeft: (n: string, left: number) => `商品「${n}」库存不足，最多可购买${left}件`,
  min: (n: string, m: number) => `商品「${n}」至少购买${m}件`,
  max: (n: string, m: number) => `商品「${n}」每次最多购买${m}件`,
  seckillOver: (n: string) => `「${n}」不在秒杀时间内`,
  presellOver: (n: string) => `「${n}」不在预售时间内`,
  limit: (n: string, left: number) => (left > 0 ? `「${n}」每人限购，您最多还可购买${left}件` : `「${n}」您已达到限购数量`),
  expired: '订单已过期，请刷新页面',
  changed: '订单信息已变化，请确认后重新提交',
  noAddress: '请选择收货地址',
  noDeliver: '收货地址不在配送范围内',
  takeContact: '请填写提货人姓名和电话',
} as const;

const refuse = (m: string) => new ServiceError('refused', m);

/** Operator settings of checkout (`system_config`), with their defaults. */
export interface OrderSettings {
  /** Minutes an unpaid order waits before it is cancelled. */
  cancelMinutes: number;
  integralOpen: boolean;
  /** Worth of one point in cents. */
  centsPerPoint: number;
  /** Points may pay at most this percent of the goods. */
  integralMaxRate: number;
  svipOpen: boolean;
  /** Member price rate in percent. */
  svipRate: number;
}

const int = (v: unknown, fallback: number, min: number, max: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const on = (v: unknown, fallback: boolean) => (v === undefined || v === null || v === '' ? fallback : v === true || v === 1 || v === '1');

export async function orderSettings(db: Db): Promise<OrderSettings> {
  const m = await readSettings({ db });
  return {
    cancelMinutes: int(m.get('order_cancel_minutes'), 15, 1, 7 * 24 * 60),
    integralOpen: on(m.get('integral_status'), true),
    centsPerPoint: int(m.get('integral_money_cents'), 1, 1, 10000),
    integralMaxRate: int(m.get('integral_max_rate'), 50, 0, 100),
    svipOpen: on(m.get('svip_switch_status'), false),
    svipRate: int(m.get('svip_discount_rate'), 95, 1, 100),
  };
}

export type PresellRow = typeof presell.$inferSelect;

/** A cart line as checkout reads it, with what the pages show of it. */
export interface CheckoutLine extends LineInput {
  uid: number;
  unique: string;
  isNew: boolean;
  storeName: string;
  image: string;
  unitName: string;
  sku: string;
  stock: number;
  /** The product shoppers see (a flash sale's or presale's origin product, else itself). */
  showProductId: number;
  presellId: number | null;
  /** The presale of a presale line (product type 2), as the check shows it; null on other lines. */
  presell: PresellRow | null;
  /** The shop's order form the product asks for (0 none). */
  merFormId: number;
}

export interface CheckoutMerchant {
  merId: number;
  merName: string;
  merAvatar: string;
  isTrader: boolean;
  servicePhone: string;
  allowTake: boolean;
  takeAddress: string;
  takePhone: string;
  takeHours: string;
}

export interface CheckoutAddress {
  addressId: number;
  realName: string;
  phone: string;
  country: string;
  provinceId: number;
  text: string;
}

export interface Checkout {
  lines: CheckoutLine[];
  merchants: Map<number, CheckoutMerchant>;
  address: CheckoutAddress | null;
  points: number;
  priced: PricedOrder;
  settings: OrderSettings;
  /** The order form the checkout asks for, or null. */
  form: CheckoutForm | null;
}

export interface CheckoutQuery {
  cart_id: number[];
  address_id?: number;
  use_coupon?: Record<string, number[]>;
  takes: number[];
  use_integral: boolean;
}

const weightOf = (w: string) => Math.round(Number(w) * 100) || 0;

/**
 * Reads everything a checkout prices, scoped to `uid`, and refuses lines that cannot be bought now. With `lock`
 * (inside create's transaction) the cart lines are read FOR UPDATE (create has locked their SKUs first).
 */
async function loadLines(db: Db, uid: number, ids: number[], lock: boolean): Promise<CheckoutLine[]> {
  const q = db
    .select({ c: cart, p: productColumns, s: productSku, sk: seckillProduct, st: seckillTime, pr: presell, merOpen: merchant.status })
    .from(cart)
    .leftJoin(product, eq(product.productId, cart.productId))
    .leftJoin(merchant, eq(merchant.merId, product.merId))
    .leftJoin(productSku, and(eq(productSku.productId, cart.productId), eq(productSku.unique, cart.productAttrUnique)))
    .leftJoin(seckillProduct, eq(seckillProduct.productId, cart.productId))
    .leftJoin(seckillTime, eq(seckillTime.seckillTimeId, seckillProduct.seckillTimeId))
    .leftJoin(presell, eq(presell.productId, cart.productId))
    .where(and(eq(cart.uid, uid), inArray(cart.cartId, ids)));
  const rows = lock ? await q.for('update', { of: cart }) : await q;
  if (rows.length !== ids.length) throw notFound(ORDER_TEXT.lineGone);
  if (rows.some((r) => r.c.isPay)) throw refuse(ORDER_TEXT.ordered);
  const at = now();
  const lines = ids.map((id) => {
    const { c, p, s, sk, st, pr, merOpen } = rows.find((r) => r.c.cartId === id)!;
    const name = p?.storeName ?? '商品';
    if (!p || p.status !== 1) throw refuse(ORDER_TEXT.offShelf(name));
    if (!merOpen) throw refuse(ORDER_TEXT.shopClosed(name));
    if (!s) throw refuse(ORDER_TEXT.skuGone(name));
    const type = p.productType as 0 | 1 | 2;
    if (type === 1 && (!sk || !st || offerStatus({ ...st, startDay: sk.startDay, endDay: sk.endDay }, at) !== 1)) {
      throw refuse(ORDER_TEXT.seckillOver(name));
    }
    if (type === 2 && (!pr || !pr.status || presellStatus(pr, at) !== 1)) throw refuse(ORDER_TEXT.presellOver(name));
    if (s.stock <= 0) throw refuse(ORDER_TEXT.noStock(name));
    if (c.cartNum > s.stock) throw refuse(ORDER_TEXT.stockLeft(name, s.stock));
    const rule =
      type === 1
        ? { stock: s.stock, once_max_count: sk!.oncePayCount }
        : type === 2
          ? { stock: s.stock, once_max_count: pr!.payCount }
          : { stock: s.stock, once_min_count: p.onceMinCount, once_max_count: p.onceMaxCount };
    const { min } = quantityBounds(rule);
    if (c.cartNum < min) throw refuse(ORDER_TEXT.min(name, min));
    if (rule.once_max_count && c.cartNum > rule.once_max_count) throw refuse(ORDER_TEXT.max(name, rule.once_max_count));
    return {
      cartId: c.cartId,
      uid,
      merId: p.merId,
      productId: p.productId,
      productType: type,
      cateId: p.cateId,
      num: c.cartNum,
      price: s.price,
      otPrice: s.otPrice,
      downPrice: s.downPrice,
      presellType: (type === 2 ? pr!.presellType : 0) as 0 | 1 | 2,
      weight: weightOf(s.weight),
      tempId: p.tempId,
      deliveryFree: p.deliveryFree,
      unique: s.unique,
      isNew: c.isNew,
      storeName: p.storeName,
      image: s.image || p.image,
      unitName: p.unitName,
      sku: s.sku,
      stock: s.stock,
      showProductId: sk?.originProductId ?? pr?.originProductId ?? p.productId,
      presellId: pr?.productPresellId ?? null,
      presell: type === 2 ? pr : null,
      merFormId: p.merFormId,
    } satisfies CheckoutLine;
  });
  if (lines.length > 1 && lines.some((l) => l.productType !== 0)) throw refuse(ORDER_TEXT.activityAlone);
  return lines;
}

/** Flash-sale and presale per-shopper caps: what this shopper already ordered (not cancelled) counts. */
async function checkLimits(db: Db, uid: number, lines: CheckoutLine[]): Promise<void> {
  for (const l of lines) {
    if (l.productType === 0) continue;
    let cap = 0;
    if (l.productType === 1) {
      const [s] = await db
        .select({ all: seckillProduct.allPayCount })
        .from(seckillProduct)
        .where(eq(seckillProduct.productId, l.productId));
      cap = s?.all ?? 0;
    } else {
      const [p] = await db.select({ cap: presell.payCount }).from(presell).where(eq(presell.productId, l.productId));
      cap = p?.cap ?? 0;
    }
    if (!cap) continue;
    const [bought] = await db
      .select({ n: sql<number>`coalesce(sum(${storeOrderProduct.productNum}), 0)::int` })
      .from(storeOrderProduct)
      .innerJoin(storeOrder, eq(storeOrder.orderId, storeOrderProduct.orderId))
      .innerJoin(storeGroupOrder, eq(storeGroupOrder.groupOrderId, storeOrder.groupOrderId))
      .where(and(eq(storeOrderProduct.uid, uid), eq(storeOrderProduct.productId, l.productId), eq(storeGroupOrder.isCancel, false)));
    const left = cap - (bought?.n ?? 0);
    if (l.num > left) throw refuse(ORDER_TEXT.limit(l.storeName, Math.max(0, left)));
  }
}

/** The shopper's usable coupons for these merchants and the platform, with what each applies to. */
async function loadCoupons(db: Db, uid: number, lines: CheckoutLine[]): Promise<CouponCandidate[]> {
  const at = now();
  const merIds = [...new Set(lines.map((l) => l.merId))];
  const rows = await db
    .select({ cu: couponUser, type: coupon.type })
    .from(couponUser)
    .innerJoin(coupon, eq(coupon.couponId, couponUser.couponId))
    .where(
      and(
        eq(couponUser.uid, uid),
        eq(couponUser.status, 0),
        lte(couponUser.startTime, at),
        gte(couponUser.endTime, at),
        or(eq(couponUser.merId, 0), inArray(couponUser.merId, merIds)),
      ),
    );
  if (!rows.length) return [];
  const ids = (type: number) => [...new Set(rows.filter((r) => r.type === type).map((r) => r.cu.couponId))];
  const productIds = [...new Set(lines.map((l) => l.productId))];
  // One query at a time: inside create's transaction they share one connection.
  const prods = ids(1).length
    ? await db
        .select()
        .from(couponProduct)
        .where(and(inArray(couponProduct.couponId, ids(1)), inArray(couponProduct.productId, productIds)))
    : [];
  const cats = ids(11).length
    ? await db
        .select()
        .from(couponCategory)
        .where(inArray(couponCategory.couponId, ids(11)))
    : [];
  const mers = ids(12).length
    ? await db
        .select()
        .from(couponMerchant)
        .where(inArray(couponMerchant.couponId, ids(12)))
    : [];
  const tree = cats.length ? await getCategoryTree({ db }) : null;
  return rows.map(({ cu, type }) => ({
    couponUserId: cu.couponUserId,
    couponId: cu.couponId,
    merId: cu.merId,
    type,
    couponPrice: cu.couponPrice,
    useMinPrice: cu.useMinPrice,
    title: cu.couponTitle,
    endTime: cu.endTime,
    productIds: type === 1 ? new Set(prods.filter((x) => x.couponId === cu.couponId).map((x) => x.productId)) : undefined,
    cateIds:
      type === 11 && tree
        ? new Set(cats.filter((x) => x.couponId === cu.couponId).flatMap((x) => leafIdsUnder(tree, x.storeCategoryId)))
        : undefined,
    merIds: type === 12 ? new Set(mers.filter((x) => x.couponId === cu.couponId).map((x) => x.merId)) : undefined,
  }));
}

async function loadTemplates(db: Db, lines: CheckoutLine[]): Promise<Map<number, TemplateInput>> {
  const ids = [...new Set(lines.map((l) => l.tempId).filter((x): x is number => x !== null))];
  if (!ids.length) return new Map();
  const tpls = await db.select().from(shippingTemplate).where(inArray(shippingTemplate.shippingTemplateId, ids));
  const rules = await db.select().from(shippingTemplateRegion).where(inArray(shippingTemplateRegion.shippingTemplateId, ids));
  const scale = (t: number, v: string) => (t === 2 ? Math.round(Number(v) * 100) : Number(v));
  return new Map(
    tpls.map((t) => [
      t.shippingTemplateId,
      {
        id: t.shippingTemplateId,
        type: t.type,
        freePrice: t.freePrice,
        undelivered: t.undelivered,
        rules: rules
          .filter((r) => r.shippingTemplateId === t.shippingTemplateId)
          .map((r) => ({
            regions: r.regions,
            first: scale(t.type, r.first),
            firstPrice: r.firstPrice,
            continue: Math.max(1, scale(t.type, r.continue)),
            continuePrice: r.continuePrice,
          })),
      },
    ]),
  );
}

/** The chosen address, or the shopper's default (newest) when none was given; another shopper's is a 404. */
async function loadAddress(db: Db, uid: number, id: number | undefined): Promise<CheckoutAddress | null> {
  const rows = await db
    .select()
    .from(userAddress)
    .where(
      id ? and(eq(userAddress.uid, uid), eq(userAddress.addressId, id)) : and(eq(userAddress.uid, uid), eq(userAddress.isDefault, true)),
    )
    .limit(1);
  const a = rows[0];
  if (!a) {
    if (id) throw notFound(ORDER_TEXT.addressGone);
    return null;
  }
  const dto = toAddressDto(a);
  return {
    addressId: a.addressId,
    realName: a.realName,
    phone: dto.phone,
    country: a.country,
    provinceId: a.provinceId,
    text: `${regionLabel(dto)} ${a.detail}`,
  };
}

/** Loads and prices a checkout for `uid` (the check, and create inside its transaction with `lock`). */
export async function loadCheckout(db: Db, uid: number, q: CheckoutQuery, lock = false): Promise<Checkout> {
  const settings = await orderSettings(db);
  const lines = await loadLines(db, uid, q.cart_id, lock);
  await checkLimits(db, uid, lines);
  const form = await checkoutForm(db, lines);
  const merIds = [...new Set(lines.map((l) => l.merId))];
  const mers = await db.select().from(merchant).where(inArray(merchant.merId, merIds));
  const coupons = await loadCoupons(db, uid, lines);
  const templates = await loadTemplates(db, lines);
  const address = await loadAddress(db, uid, q.address_id);
  const userRow = await db.select({ integral: users.integral, level: users.isMoneyLevel }).from(users).where(eq(users.uid, uid));
  const merchants = new Map(
    mers.map((m) => [
      m.merId,
      {
        merId: m.merId,
        merName: m.merName,
        merAvatar: m.merAvatar,
        isTrader: m.isTrader,
        servicePhone: m.servicePhone,
        allowTake: m.allowTake,
        takeAddress: m.takeAddress,
        takePhone: m.takePhone,
        takeHours: m.takeHours,
      },
    ]),
  );
  const points = userRow[0]?.integral ?? 0;
  const useCoupon = Object.fromEntries(Object.entries(q.use_coupon ?? {}).map(([k, v]) => [Number(k), v]));
  try {
    const priced = priceOrder({
      lines,
      coupons,
      useCoupon,
      takes: new Set(q.takes),
      allowTake: new Set(mers.filter((m) => m.allowTake).map((m) => m.merId)),
      provinceId: address ? address.provinceId : null,
      templates,
      svipRate: settings.svipOpen && (userRow[0]?.level ?? 0) > 0 ? settings.svipRate : null,
      integral: {
        open: settings.integralOpen,
        use: q.use_integral,
        available: points,
        centsPerPoint: settings.centsPerPoint,
        maxRate: settings.integralMaxRate,
      },
      strictCoupons: lock,
    });
    return { lines, merchants, address, points, priced, settings, form };
  } catch (e) {
    if (e instanceof PriceRefusal) throw refuse(e.message);
    throw e;
  }
}
