import { z } from './zod.ts';
import { idCsv, paged } from './catalogue.ts';
import { MAINLAND_MOBILE } from './auth.ts';
import { asList, noControlChars, numberAsText, numberInput, optional, orDefault, zeroOrOne } from './common.ts';

/** Input schemas of the merchant API (`/api/merchant/...`); every problem is a 400 with the Chinese message given here. */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * `status` of `GET /api/merchant/order/lst`, as the shopper's order list filters: all paid orders (`''` or `all`),
 * -2 all but presale ones awaiting or past their balance, 0 to ship (pickup: to verify), 1 shipped, 2 to review, 3 done,
 * -1 refunded, 10 presale awaiting the balance, 11 presale closed.
 */
export const MERCHANT_ORDER_FILTERS = ['all', '-2', '0', '1', '2', '3', '-1', '10', '11'] as const;
export type MerchantOrderFilter = (typeof MERCHANT_ORDER_FILTERS)[number];

export const merchantOrderListQuery = z.object({
  status: z.preprocess(
    (v) => (blank(v) ? 'all' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(MERCHANT_ORDER_FILTERS, { error: '订单状态不正确，可选：all、-2、0、1、2、3、-1、10、11' }),
  ),
  ...paged(20),
});

/** Text that may arrive as a number (a tracking number or phone typed as digits). */
const text = (name: string, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
      z
        .string({ error: `${name}格式不正确` })
        .trim()
        .max(max, `${name}不能超过${max}个字`)
        .refine(...noControlChars(name)),
    )
    .optional()
    .default('');

/** `delivery_type` of a shipment (DELIVERY_TYPE): 1 express, 2 same-city rider, 3 no shipment needed. */
export const SHIP_TYPES = [1, 2, 3] as const;

/**
 * Body of `POST /api/merchant/order/delivery/{order_id}`: `{delivery_type: 1, delivery_name: company name or code (or
 * delivery_code: its code), delivery_id: tracking number}`, `{delivery_type: 2, delivery_name: rider, delivery_id: rider phone}` or
 * `{delivery_type: 3}`. What each type requires is checked by the service, with a message per field.
 */
export const shipBody = z.object({
  delivery_type: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : v),
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择发货方式：1 快递，2 同城配送，3 无需物流' }),
  ),
  delivery_name: text('快递公司或配送员', 40),
  /** An express company's code (`SF`): may name the company in place of `delivery_name`; with a name, both must be one company. */
  delivery_code: text('快递公司编码', 20),
  delivery_id: text('快递单号或配送员电话', 40),
});
export type ShipBody = z.input<typeof shipBody>;

/** A tracking number: 5-32 letters, digits or dashes. */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{5,32}$/;
/** A rider's phone: a mainland mobile, a landline with area code, or an international number. */
export const RIDER_PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|\+\d[\d -]{5,18}\d)$/;

/** Body of `POST /api/merchant/order/verify/{order_id}`: the pickup code the shopper shows. */
export const verifyBody = z.object({
  verify_code: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
    z
      .string({ error: '请输入核销码' })
      .trim()
      .min(1, '请输入核销码')
      .regex(/^\d{4,12}$/, '核销码格式不正确'),
  ),
});

/** Body of `POST /api/merchant/order/remark/{order_id}`: the merchant's note on the order ('' clears it). */
export const remarkBody = z.object({
  remark: z
    .string({ error: '请填写备注内容' })
    .trim()
    .max(200, '备注不能超过200个字')
    .refine(...noControlChars('备注')),
});

/**
 * `status` of `GET /api/merchant/refund/lst`: all (`''` or `all`), or one refund status (reference section 3): 0 under
 * review, -1 refused, 1 awaiting the buyer's return shipment, 2 awaiting the merchant's receipt, 3 refunded, -10 cancelled.
 */
export const MERCHANT_REFUND_FILTERS = ['all', '0', '-1', '1', '2', '3', '-10'] as const;

export const merchantRefundListQuery = z.object({
  status: z.preprocess(
    (v) => (blank(v) ? 'all' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(MERCHANT_REFUND_FILTERS, { error: '退款状态不正确，可选：all、0、-1、1、2、3、-10' }),
  ),
  ...paged(20),
});

/**
 * Optional body of `POST /api/merchant/refund/approve/{id}` for a return: where the buyer sends the goods, each field
 * overriding the shop's own (name, service phone, `mer_address`).
 */
export const refundApproveBody = z.object({
  return_name: text('退货收件人', 40),
  // The buyer calls it: a phone as a rider's is checked (a mobile, a landline with area code, or an international number).
  return_phone: text('退货联系电话', 30).refine((v) => v === '' || RIDER_PHONE.test(v), '退货联系电话格式不正确'),
  return_address: text('退货地址', 200),
});
export type RefundApproveBody = z.input<typeof refundApproveBody>;

/** Body of `POST /api/merchant/refund/refuse/{id}`: `{fail_message}`, the reason the buyer reads (1-200 characters). */
export const refundRefuseBody = z.object({
  fail_message: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: '拒绝原因格式不正确' })
      .trim()
      .min(1, '请填写拒绝原因')
      .refine((s) => [...s].length <= 200, '拒绝原因不能超过200个字')
      .refine(...noControlChars('拒绝原因')),
  ),
});
export type RefundRefuseBody = z.input<typeof refundRefuseBody>;

/**
 * Body of `POST /api/merchant/order/refund/{id}`: `{refund_message, ids?}`: the shop gives the money back for items it
 * cannot send (out of stock), with the reason the buyer reads (1-200 characters); `ids` (order_product_id, csv or array)
 * names the items, each refunded whole; without them every item still refundable. `restock`: whether the units go
 * back on sale.
 */
export const orderRefundBody = z.object({
  refund_message: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: '退款原因格式不正确' })
      .trim()
      .min(1, '请填写退款原因')
      .refine((s) => [...s].length <= 200, '退款原因不能超过200个字')
      .refine(...noControlChars('退款原因')),
  ),
  ids: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : v),
    idCsv('商品').pipe(z.array(z.number()).refine((ids) => new Set(ids).size === ids.length, '退款商品重复')),
  ),
  /** 1: the units go back on sale (they exist, the order cannot be delivered); 0 (default): out of stock, they do not. */
  restock: orDefault(0, zeroOrOne('是否恢复库存（restock）只能是 0 或 1')),
});
export type OrderRefundBody = z.input<typeof orderRefundBody>;

/**
 * A phone a shopper calls about a shop (its service phone, its pickup point's): a mainland mobile, a landline with
 * its area code (and an extension), or a 400/800 service number.
 */
export const SHOP_PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/;

/** Optional text of a shop's settings: trimmed, at most `max` characters, no control characters ('' clears it). */
const settingText = (name: string, max: number) =>
  z
    .preprocess(
      numberAsText,
      z
        .string({ error: `${name}格式不正确` })
        .trim()
        .max(max, `${name}不能超过${max}个字`)
        .refine(...noControlChars(name)),
    )
    .optional();

/** Optional phone of a shop's settings matching `pattern`, `wrong` the message when not ('' clears it). */
const settingPhone = (name: string, pattern = SHOP_PHONE, wrong = `${name}格式不正确，请填写手机号、带区号的固话或400/800电话`) =>
  z
    .preprocess(
      numberAsText,
      z
        .string({ error: `${name}格式不正确` })
        .trim()
        .refine((v) => v === '' || pattern.test(v), wrong),
    )
    .optional();

/** An optional 0 or 1 (also as `"0"`, `"1"` or a boolean). */
const optionalZeroOrOne = (message: string) => zeroOrOne(message).optional();

/** A field the merchant API shows but does not change (`message` says who does). */
const readOnly = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, message)
    .optional();

/** What `POST /api/merchant/store/update` may change, each optional (a partial update). */
export const SHOP_SETTING_FIELDS = [
  'mer_info',
  'mer_keyword',
  'service_phone',
  'notice_phone',
  'services_type',
  'mer_address',
  'allow_take',
  'take_address',
  'take_phone',
  'take_hours',
  'mer_avatar',
  'mer_banner',
  'banners',
] as const;

const NAME = '店铺名称暂不支持通过商户接口修改，请联系平台';

/** A picture of the shop: the path of an upload (`POST /api/merchant/upload/image`); whose it is, the service checks. */
const shopPicture = (name: string) =>
  z
    .string({ error: `${name}格式不正确` })
    .trim()
    .min(1, `请上传${name}`)
    .max(300, `${name}地址过长`)
    .optional();

/**
 * Body of `POST /api/merchant/store/update`: any of SHOP_SETTING_FIELDS, at least one. Other fields are ignored like
 * everywhere in the merchant API, except the shop's name, which is refused so that a merchant does not believe it
 * changed. Pictures are the shop's own uploads (checked by the service). Rules across fields (pickup needs its address, phone and hours; phone-only service needs a
 * phone) are checked by the service on the settings as they would be after the change.
 */
export const shopSettingsBody = z
  .object({
    mer_info: settingText('店铺简介', 200),
    mer_keyword: settingText('店铺关键词', 60),
    service_phone: settingPhone('客服电话'),
    // The shop's notice phone ('' turns its SMS notices off).
    notice_phone: settingPhone('订单提醒手机号', MAINLAND_MOBILE, '订单提醒手机号须是11位中国大陆手机号，留空则不发短信提醒'),
    services_type: optionalZeroOrOne('客服方式不正确：0 在线客服，1 仅电话客服'),
    mer_address: settingText('店铺地址', 200),
    allow_take: optionalZeroOrOne('到店自提只能是0（关闭）或1（开启）'),
    take_address: settingText('自提点地址', 200),
    take_phone: settingPhone('自提点电话'),
    take_hours: settingText('自提营业时间', 60),
    mer_avatar: shopPicture('店铺头像'),
    mer_banner: shopPicture('店铺横幅'),
    // `[]` (or '') clears the carousel; absent leaves it.
    banners: z.preprocess(
      (v) => (v === undefined ? undefined : asList(v)),
      z
        .array(z.string({ error: '轮播图格式不正确' }).trim().min(1, '轮播图格式不正确').max(300, '轮播图地址过长'), {
          error: '轮播图格式不正确',
        })
        .max(5, '店铺轮播图最多5张')
        .optional(),
    ),
    mer_name: readOnly(NAME),
  })
  .refine((b) => SHOP_SETTING_FIELDS.some((k) => b[k] !== undefined), `请填写要修改的设置：${SHOP_SETTING_FIELDS.join('、')}`);
export type ShopSettingsBody = z.input<typeof shopSettingsBody>;

/** A shop category's name: 1-20 characters, no control characters. */
const cateName = z.preprocess(
  numberAsText,
  z
    .string({ error: '请填写分类名称' })
    .trim()
    .min(1, '请填写分类名称')
    .max(20, '分类名称不能超过20个字')
    .refine(...noControlChars('分类名称')),
);
const catePid = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '上级分类格式不正确' })
    .int('上级分类格式不正确')
    .min(0, '上级分类格式不正确')
    .max(2147483647, '上级分类格式不正确'),
);
const cateSort = z.preprocess(
  numberInput,
  z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999'),
);
const cateShow = optionalZeroOrOne('是否显示只能是0（隐藏）或1（显示）');

/** Body of `POST /api/merchant/store/category/create`: `{cate_name, pid?, sort?, is_show?}` (pid 0: a top-level category). */
export const shopCategoryCreateBody = z.object({
  cate_name: cateName,
  pid: orDefault(0, catePid),
  sort: orDefault(0, cateSort),
  is_show: cateShow.transform((v) => v ?? 1),
});

/** Body of `POST /api/merchant/store/category/update/{id}`: any of `{cate_name, pid, sort, is_show}`, at least one. */
export const shopCategoryUpdateBody = z
  .object({
    cate_name: cateName.optional(),
    pid: optional(catePid),
    sort: optional(cateSort),
    is_show: cateShow,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), '请填写要修改的内容：cate_name、pid、sort、is_show');
