import { z } from './zod.ts';
import { asList, numberInput, numberOrDefault } from './common.ts';
import { idField, type QueryInput } from './catalogue.ts';

/** Input schemas of the cart calls (reference section 4c). Every problem is a 400 with the Chinese message given here. */

/** At most this many lines in one delete or buy-again call. */
export const CART_BATCH_MAX = 100;

/**
 * A quantity: a positive whole number of pieces, as a number or a form's text (never `true`, `[5]` or blank text, which
 * is no quantity at all: 购买数量不正确, not 购买数量不能小于1).
 */
export const cartNumField = z.preprocess(
  numberInput,
  z.coerce.number({ error: '购买数量不正确' }).int('购买数量不正确').min(1, '购买数量不能小于1').max(99999, '购买数量过大'),
);

/** A SKU handle (`product_sku.unique`). */
export const skuUniqueField = z.string({ error: '请选择商品规格' }).trim().min(1, '请选择商品规格').max(64, '商品规格不正确');

/** Add to cart / buy now. `product_id` is the presell id for presales. */
export const cartCreateInput = z.object({
  product_id: idField('商品'),
  product_attr_unique: skuUniqueField,
  cart_num: cartNumField,
  is_new: z.preprocess(
    (v) => (v === true ? 1 : v === false ? 0 : numberOrDefault(0)(v)),
    z.coerce.number({ error: '参数错误' }).refine((n) => n === 0 || n === 1, '参数错误'),
  ),
  product_type: z.preprocess(
    numberOrDefault(0),
    z.coerce.number({ error: '商品类型不正确' }).refine((n) => [0, 1, 2].includes(n), '商品类型不正确'),
  ),
});
export type CartCreateInput = QueryInput<typeof cartCreateInput>;

/** `POST /api/user/cart/change/{id} {cart_num}`: the line (route id) and its new quantity. */
export const cartChangeInput = z.object({
  id: idField('购物车商品'),
  cart_num: cartNumField,
});
export type CartChangeInput = QueryInput<typeof cartChangeInput>;

/** `POST /api/user/cart/delete {cart_id: [ids]}`: 1 to 100 line ids (also one id, or ids as csv). */
export const cartDeleteInput = z.object({
  cart_id: z.preprocess(
    asList,
    z
      .array(idField('购物车商品'), { error: '请选择购物车商品' })
      .min(1, '请选择购物车商品')
      .max(CART_BATCH_MAX, `一次最多选择${CART_BATCH_MAX}件商品`),
  ),
});
export type CartDeleteInput = QueryInput<typeof cartDeleteInput>;

/** `POST /api/user/cart/again {data: [{product_id, product_attr_unique, cart_num}]}`: buy again, 1 to 100 lines. */
export const cartAgainInput = z.object({
  data: z
    .array(
      z.object({ product_id: idField('商品'), product_attr_unique: skuUniqueField, cart_num: cartNumField }, { error: '商品信息不正确' }),
      { error: '请选择商品' },
    )
    .min(1, '请选择商品')
    .max(CART_BATCH_MAX, `一次最多选择${CART_BATCH_MAX}件商品`),
});
export type CartAgainInput = QueryInput<typeof cartAgainInput>;
