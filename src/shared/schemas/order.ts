import { z } from './zod.ts';
import { asList, blank, noControlChars, numberAsText, textOrEmpty } from './common.ts';
import { idCsv, idField, paged, type QueryInput } from './catalogue.ts';
import { receiptInput } from './invoice.ts';

/** Input schemas of checkout (`POST /api/v2/order/check|create`); every problem is a 400 with its Chinese message. */

/** `cart_id`: an array (or csv) of 1..50 distinct cart line ids. */
const cartIds = idCsv('购物车ID').pipe(
  z
    .array(z.number())
    .min(1, '请选择要结算的商品')
    .refine((ids) => new Set(ids).size === ids.length, '购物车商品重复'),
);

/** `{<mer_id>: [coupon_user_id...]}` (one id, or csv, for a list), merchant 0 = platform. */
const useCoupon = z.preprocess(
  (v) => (blank(v) || (Array.isArray(v) && v.length === 0) ? undefined : v),
  z
    .record(
      z.string().regex(/^\d{1,10}$/, '优惠券参数错误'),
      z.preprocess(asList, z.array(idField('优惠券ID'), { error: '优惠券参数错误' }).max(10, '优惠券参数错误')),
      { error: '优惠券参数错误' },
    )
    .optional(),
);

const flag = z.preprocess(
  (v) =>
    blank(v)
      ? false
      : v === true || v === 1 || v === '1' || v === 'true'
        ? true
        : v === false || v === 0 || v === '0' || v === 'false'
          ? false
          : v,
  z.boolean({ error: '参数错误' }),
);

export const orderCheckInput = z.object({
  cart_id: cartIds,
  address_id: z.preprocess((v) => (blank(v) || v === 0 || v === '0' ? undefined : v), idField('地址ID').optional()),
  use_coupon: useCoupon,
  /** Shops switched to pickup: a list (or one id, or csv); an empty object is none, as the reference's PHP reads `{}`. */
  takes: z.preprocess(
    (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.keys(v).length ? [] : asList(v)),
    z.array(idField('店铺ID'), { error: '参数错误' }).max(50, '参数错误'),
  ),
  use_integral: flag,
});
/** What the service accepts: any subset of the fields, unchecked (the service validates). */
export type OrderCheckInput = QueryInput<typeof orderCheckInput>;

/** Optional text ('' when blank; a number, such as a phone sent as one, as its text). */
const text = (name: string, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? '' : numberAsText(v)),
    z
      .string({ error: `${name}格式不正确` })
      .trim()
      .max(max, `${name}不能超过${max}个字`)
      .refine(...noControlChars(name)),
  );

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entries of `r` that hold something: null, '', `{}` and `[]` left out. */
const dropEmpty = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).filter(([, v]) => !(blank(v) || (Array.isArray(v) && !v.length) || (isRecord(v) && !Object.keys(v).length))),
  );

/** A list of `{key, value}` answers as the keyed object, or the list itself (refused) when it is not one or names a key twice. */
function keyedAnswers(list: unknown[]): unknown {
  const out = new Map<string, unknown>();
  for (const item of list) {
    if (typeof item !== 'object' || item === null || typeof (item as { key?: unknown }).key !== 'string') return list;
    const { key, value } = item as { key: string; value?: unknown };
    if (out.has(key)) return list;
    out.set(key, value);
  }
  // Own properties only, whatever the keys are called (`__proto__` included).
  return Object.fromEntries(out);
}

export const orderCreateInput = orderCheckInput.extend({
  key: z.string({ error: '订单已过期，请刷新页面' }).min(16, '订单已过期，请刷新页面').max(100, '订单已过期，请刷新页面'),
  mark: z.preprocess((v) => (blank(v) ? {} : v), z.record(z.string(), text('备注', 200), { error: '备注格式不正确' })),
  /** `{<mer_id>: invoice}`; a shop whose invoice is null, '' or empty (`{}`, `[]`) asks for none. */
  receipt_data: z.preprocess(
    (v) => (blank(v) || (Array.isArray(v) && !v.length) ? {} : isRecord(v) ? dropEmpty(v) : v),
    z.record(z.string().regex(/^\d{1,10}$/, '发票信息格式不正确'), receiptInput, { error: '发票信息格式不正确' }),
  ),
  post: z.preprocess(
    (v) => (blank(v) ? {} : v),
    z.object({ real_name: text('提货人', 25), phone: text('提货人电话', 20) }, { error: '提货人信息格式不正确' }),
  ),
  /**
   * Answers to the shop's order form, keyed by field (shared/order-form.ts checks them against the form): `{key: value}`,
   * or the same as a list of `{key, value}` (a client that keeps the form's fields in order); a key twice is refused.
   */
  extend: z.preprocess(
    (v) => (blank(v) || (Array.isArray(v) && !v.length) ? {} : Array.isArray(v) ? keyedAnswers(v) : v),
    z
      .record(z.string().max(32, '订单信息格式不正确'), z.unknown(), { error: '订单信息格式不正确' })
      .refine((r) => Object.keys(r).length <= 50, '订单信息格式不正确'),
  ),
  /** Accepted and ignored (checkout always creates the group order for the pay page): 'pc', a number, null or absent. */
  pay_type: textOrEmpty(20, '支付方式不正确'),
  /** Accepted and ignored: a URL, null, '' or false. */
  return_url: textOrEmpty(500, '返回地址格式不正确'),
});
export type OrderCreateInput = QueryInput<typeof orderCreateInput>;

/**
 * `status` of `GET /api/order/list` (reference `/user/order_list`): '' every paid order, -2 every paid order but
 * presale ones awaiting their balance or closed (10, 11), 0 to ship (with 9), 1 to receive, 2 to review, 3 done,
 * -1 refunded, 10 presale awaiting the balance or closed (10, 11).
 */
export const ORDER_LIST_STATUSES = ['', '-2', '0', '1', '2', '3', '-1', '10'] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

export const orderListQuery = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(ORDER_LIST_STATUSES, { error: '订单状态不正确' }),
  ),
  ...paged(10),
});
export type OrderListQuery = QueryInput<typeof orderListQuery>;

/** `page` and `limit` (10 by default, at most 100) of the other order lists. */
export const orderPageQuery = z.object({ ...paged(10) });
export type OrderPageQuery = QueryInput<typeof orderPageQuery>;
