import { z } from './zod.ts';
import {
  asList,
  blank,
  FURTHEST_END_YEARS,
  furthestEnd,
  mallTimeField,
  noControlChars,
  numberAsText,
  numberInput,
  optional,
  zeroOrOne,
} from './common.ts';
import { idField, paged } from './catalogue.ts';
import { parseYuan } from '../money.ts';

/**
 * Input of the merchant API's coupon calls (`/api/merchant/coupon/...`): a shop's own shop coupons (type 0, every
 * normal product of the shop) and product coupons (type 1, the listed products). Field names are the shopper API's
 * (`coupon_price`, `use_min_price`, `coupon_type`, `coupon_time`, `use_start_time`...); amounts are yuan strings or
 * numbers (two decimals at most) and times 'YYYY-MM-DD HH:mm[:ss]' in mall time, as the API writes them. Every field
 * is optional here: create fills defaults and asks for what it needs, update changes only the fields sent; what
 * depends on several fields or on the clock is `couponProblem`'s, run by the service on the coupon as it would be.
 */

/** `status` of `GET /api/merchant/coupon/lst`: all, 1 on (offered), 0 off (paused). */
export const MERCHANT_COUPON_FILTERS = ['all', '1', '0'] as const;

export const merchantCouponListQuery = z.object({
  status: z.preprocess(
    (v) => (blank(v) ? 'all' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(MERCHANT_COUPON_FILTERS, { error: '优惠券状态不正确，可选：all、1、0' }),
  ),
  ...paged(20),
});

export const COUPON_LIMITS = {
  title: 30,
  /** Days a claimed `coupon_type` 0 coupon stays valid. */
  days: 365,
  /** Products of one product coupon. */
  products: 100,
  /** Largest `total_count` of a limited coupon. */
  total: 1_000_000,
  userLimit: 99,
  sort: 9999,
  /** Largest amount, in cents (99999.99 yuan). */
  cents: 9_999_999,
} as const;

export const MERCHANT_COUPON_TEXT = {
  type: '店铺只能发放店铺券（type 0）或商品券（type 1），平台券由平台发放',
  title: '请填写优惠券名称',
  price: '请填写优惠金额（coupon_price）',
  threshold: '使用门槛须大于优惠金额（无门槛请填0）',
  days: `请填写领取后的有效天数（coupon_time，1到${COUPON_LIMITS.days}天）`,
  useTimes: '固定使用时间的优惠券请填写使用开始时间和使用结束时间（use_start_time、use_end_time）',
  useOrder: '使用结束时间须晚于使用开始时间',
  usePast: '使用结束时间须在当前时间之后',
  useFar: `使用结束时间不能晚于${FURTHEST_END_YEARS}年后`,
  claimOrder: '领取结束时间须晚于领取开始时间',
  claimPast: '领取结束时间须在当前时间之后',
  claimStartFar: `领取开始时间不能晚于${FURTHEST_END_YEARS}年后`,
  claimFar: `领取结束时间不能晚于${FURTHEST_END_YEARS}年后`,
  claimAfterUse: '领取结束时间不能晚于使用结束时间',
  total: '限量发放请填写发放总量（total_count，至少1张）',
  unlimitedTotal: '不限量发放的优惠券无需填写发放总量（不填或填0）',
  products: '商品券请选择至少一个本店商品（product_id）',
  shopProducts: '店铺券适用于本店全部商品，不能指定商品（product_id）',
} as const;

/** A yuan amount → cents (two decimals at most), at most 99999.99. */
const yuan = (name: string, min: number, minMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' || typeof v === 'number' ? (parseYuan(v) ?? Number.NaN) : Number.NaN),
    z
      .number({ error: `${name}格式不正确，须为金额（元），最多两位小数` })
      .int()
      .min(min, minMessage)
      .max(COUPON_LIMITS.cents, `${name}不能超过99999.99元`),
  );

const whole = (name: string, min: number, max: number) =>
  z.preprocess(
    numberInput,
    z.coerce
      .number({ error: `${name}须是${min}到${max}的整数` })
      .int(`${name}须是${min}到${max}的整数`)
      .min(min, `${name}须是${min}到${max}的整数`)
      .max(max, `${name}须是${min}到${max}的整数`),
  );

/** The coupon fields as a client sends them; a blank (absent, null, '') field is "not given". */
export const merchantCouponBody = z.object({
  title: optional(
    z.preprocess(
      numberAsText,
      z
        .string({ error: MERCHANT_COUPON_TEXT.title })
        .trim()
        .min(1, MERCHANT_COUPON_TEXT.title)
        .max(COUPON_LIMITS.title, `优惠券名称不能超过${COUPON_LIMITS.title}个字`)
        .refine(...noControlChars('优惠券名称')),
    ),
  ),
  type: optional(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.union([z.literal(0), z.literal(1)], { error: MERCHANT_COUPON_TEXT.type }),
    ),
  ),
  product_id: z.preprocess(
    (v) => (v === undefined ? undefined : asList(v)),
    z
      .array(idField('商品ID'), { error: '商品ID格式不正确，应为商品ID列表' })
      .max(COUPON_LIMITS.products, `一张商品券最多适用${COUPON_LIMITS.products}个商品`)
      .transform((a) => [...new Set(a)])
      .optional(),
  ),
  coupon_price: optional(yuan('优惠金额', 1, '优惠金额须大于0')),
  use_min_price: optional(yuan('使用门槛', 0, '使用门槛不能小于0')),
  coupon_type: optional(zeroOrOne('有效期类型只能是0（领取后N天内有效）或1（固定使用时间）')),
  // 0 is what a fixed-window coupon shows (the detail sent back whole): no days given.
  coupon_time: z.preprocess((v) => (v === 0 || v === '0' ? undefined : v), optional(whole('有效天数', 1, COUPON_LIMITS.days))),
  use_start_time: optional(mallTimeField('使用开始时间')),
  use_end_time: optional(mallTimeField('使用结束时间')),
  start_time: optional(mallTimeField('领取开始时间')),
  end_time: optional(mallTimeField('领取结束时间')),
  is_limited: optional(zeroOrOne('是否限量只能是0（不限量）或1（限量）')),
  total_count: optional(whole('发放总量', 0, COUPON_LIMITS.total)),
  user_limit: optional(whole('每人限领张数', 1, COUPON_LIMITS.userLimit)),
  status: optional(zeroOrOne('状态只能是0（停止发放）或1（发放中）')),
  sort: optional(whole('排序', 0, COUPON_LIMITS.sort)),
});
export type MerchantCouponBody = z.output<typeof merchantCouponBody>;

/** `POST /api/merchant/coupon/status/{id}`: 1 offered to shoppers, 0 paused. */
export const merchantCouponStatusBody = z.object({
  status: zeroOrOne('状态只能是0（停止发放）或1（发放中）'),
});

/** A coupon whole, as it would be stored (cents, instants). */
export interface CouponTerms {
  title: string;
  type: 0 | 1;
  productIds: number[];
  couponPrice: number;
  useMinPrice: number;
  couponType: 0 | 1;
  couponTime: number;
  useStartTime: Date | null;
  useEndTime: Date | null;
  startTime: Date | null;
  endTime: Date | null;
  isLimited: boolean;
  totalCount: number;
  userLimit: number;
  status: boolean;
  sort: number;
}

/**
 * What is wrong with a coupon as it would be stored, or null. `changed` names the fields this write sets (all of them
 * on create): a time that has passed is refused only when it is being set, so a coupon whose claim window ended can
 * still be renamed or paused.
 */
export function couponProblem(c: CouponTerms, at: Date, changed: ReadonlySet<keyof CouponTerms>): string | null {
  const T = MERCHANT_COUPON_TEXT;
  if (!c.title) return T.title;
  if (!(c.couponPrice > 0)) return T.price;
  if (c.useMinPrice > 0 && c.useMinPrice <= c.couponPrice) return T.threshold;
  if (c.type === 1 && !c.productIds.length) return T.products;
  if (c.type === 0 && c.productIds.length) return T.shopProducts;
  if (c.couponType === 0 && !(c.couponTime >= 1 && c.couponTime <= COUPON_LIMITS.days)) return T.days;
  if (c.couponType === 1) {
    if (!c.useStartTime || !c.useEndTime) return T.useTimes;
    if (c.useEndTime <= c.useStartTime) return T.useOrder;
    if ((changed.has('useEndTime') || changed.has('couponType')) && c.useEndTime <= at) return T.usePast;
    if (changed.has('useEndTime') && c.useEndTime > furthestEnd(at)) return T.useFar;
  }
  if (c.startTime && c.endTime && c.endTime <= c.startTime) return T.claimOrder;
  // A start without an end is bounded too: claims that open in the year 2526 are a coupon never claimed.
  if (c.startTime && changed.has('startTime') && c.startTime > furthestEnd(at)) return T.claimStartFar;
  if (c.endTime && changed.has('endTime') && c.endTime <= at) return T.claimPast;
  if (c.endTime && changed.has('endTime') && c.endTime > furthestEnd(at)) return T.claimFar;
  if (c.couponType === 1 && c.endTime && c.useEndTime && c.endTime > c.useEndTime) return T.claimAfterUse;
  if (c.isLimited && c.totalCount < 1) return T.total;
  if (!c.isLimited && c.totalCount > 0) return T.unlimitedTotal;
  return null;
}
