import { z } from './zod.ts';
import { asList, blank, noControlChars, numberAsText } from './common.ts';
import { idCsv, idField, paged } from './catalogue.ts';
import { roundYuan } from '../money.ts';
import { isUploadRef } from '../review.ts';
import { EXPRESS_COMPANIES } from '../express.ts';
import { REFUND_MAX_MARK, REFUND_MAX_PICS, REFUND_MESSAGES, REFUND_TEXT, isContactPhone } from '../refund.ts';

/** Input schemas of the shopper's refund endpoints (reference section 4e); every problem is a 400 with its Chinese message. */

const chars = (s: string) => [...s].length;

const oneOf = (name: string, values: readonly number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${name}格式不正确` })
      .int(`${name}格式不正确`)
      .refine((n) => values.includes(n), `${name}格式不正确`),
  );

/** `ids`: a csv or an array of 1..50 distinct order_product_id. */
const itemIds = idCsv('商品').pipe(
  z
    .array(z.number())
    .min(1, '请选择要退款的商品')
    .refine((ids) => new Set(ids).size === ids.length, '退款商品重复'),
);

/** `type` 2, a batch request: it takes every chosen item whole, so it has no quantity. */
const isBatch = (v: unknown) => {
  const type = typeof v === 'object' && v !== null ? (v as { type?: unknown }).type : undefined;
  return type === 2 || (typeof type === 'string' && type.trim() === '2');
};

const refundApplyFields = z
  .object({
    type: oneOf('申请类型', [1, 2]),
    refund_type: oneOf('退款类型', [1, 2]),
    num: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: '退款数量格式不正确' })
        .int('退款数量格式不正确')
        .min(1, '退款数量不能小于1')
        .max(99999, '退款数量超过可退数量')
        .optional(),
    ),
    ids: itemIds,
    refund_message: z
      .string({ error: '请选择退款原因' })
      .trim()
      .min(1, '请选择退款原因')
      .refine((s) => REFUND_MESSAGES.includes(s), '请选择退款原因'),
    mark: z.preprocess(
      (v) => (blank(v) ? '' : v),
      z
        .string({ error: '备注格式不正确' })
        .trim()
        .refine((s) => chars(s) <= REFUND_MAX_MARK, `备注不能超过${REFUND_MAX_MARK}个字`)
        .refine(...noControlChars('备注')),
    ),
    /**
     * Yuan, rounded to the cent half up before the checks: the reference client computes it as unit price × quantity
     * and sends 53.300000000000004 or 158.99999999999997. (Price filters and gateway amounts stay exact: see money.ts.)
     */
    refund_price: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' || typeof v === 'number' ? (roundYuan(v) ?? Number.NaN) : Number.NaN),
      z
        .number({ error: '请输入正确的退款金额' })
        .int('请输入正确的退款金额')
        // 0 only for items that were paid nothing (coupons and points covered them): apply-refund.ts checks that.
        .min(0, REFUND_TEXT.tooLittle)
        .max(99999999, REFUND_TEXT.tooMuch),
    ),
    pics: z.preprocess(
      asList,
      z
        .array(z.string({ error: REFUND_TEXT.pics }).refine(isUploadRef, REFUND_TEXT.pics), { error: REFUND_TEXT.pics })
        .max(REFUND_MAX_PICS, `最多上传${REFUND_MAX_PICS}张图片`),
    ),
    /** The shopper's contact phone, optional: a mobile or a landline (`isContactPhone`), a number as its text. */
    phone: z.preprocess(
      (v) => (blank(v) ? '' : numberAsText(v)),
      z
        .string({ error: '请输入正确的联系电话' })
        .trim()
        .refine((s) => s === '' || isContactPhone(s), '请输入正确的联系电话'),
    ),
  })
  .refine((b) => b.type !== 1 || (b.ids.length === 1 && b.num !== undefined), { message: '请选择一件商品和退款数量' });

/**
 * Body of `POST /api/refund/apply/{order_id}`. `num` is the quantity of a single-item request (type 1); a batch
 * request (type 2) takes each item's whole refundable quantity, so whatever `num` it carries (the reference client
 * sends 0) is ignored.
 */
export const refundApplyInput = z.preprocess((v) => (isBatch(v) ? { ...(v as object), num: undefined } : v), refundApplyFields);
export type RefundApplyInput = z.input<typeof refundApplyFields>;

/** `GET /api/refund/product/{order_id}?ids&type` and `batch_product` (ids optional there: every refundable item). */
export const refundItemsQuery = z.object({
  ids: idCsv('商品'),
});

/** `GET /api/refund/list?type&page&limit`: 0 all, 1 in progress, 2 processed. */
export const refundListQuery = z.object({
  type: z.preprocess((v) => (blank(v) ? 0 : v), oneOf('类型', [0, 1, 2])),
  ...paged(10),
});

/**
 * Body of `POST /api/refund/back_goods/{id}`: the courier (a name of the express list), tracking number, phone (a mobile
 * or a landline). A tracking number or phone sent as a JSON number is read as its text.
 */
export const refundShipInput = z.object({
  delivery_type: z
    .string({ error: REFUND_TEXT.express })
    .trim()
    .refine((s) => EXPRESS_COMPANIES.some((c) => c.name === s || c.code === s), REFUND_TEXT.express),
  delivery_id: z.preprocess(
    numberAsText,
    z
      .string({ error: '请填写快递单号' })
      .trim()
      .min(1, '请填写快递单号')
      .regex(/^[A-Za-z0-9-]{4,40}$/, '快递单号格式不正确'),
  ),
  delivery_phone: z.preprocess(
    numberAsText,
    z.string({ error: '请填写联系电话' }).trim().min(1, '请填写联系电话').refine(isContactPhone, '请输入正确的联系电话'),
  ),
});
export type RefundShipInput = z.input<typeof refundShipInput>;

export const refundIdInput = z.object({ id: idField('退款单ID') });
