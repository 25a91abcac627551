import { z } from './zod.ts';
import { asList, blank, noControlChars, numberInput, orDefault, textOrEmpty, zeroOrOne } from './common.ts';
import { idField, paged } from './catalogue.ts';
import { parseYuan } from '../money.ts';
import { SKU_SEPARATOR } from '../sku.ts';

/**
 * Input schemas of the merchant API's product calls (`/api/merchant/product/...`): a shop's own products, their
 * specs and SKUs, shelf status and stock. Field names are the shopper API's (`store_name`, `cate_id`, `slider_image`,
 * `attr`, `attrValue`, `ot_price`, `unique`); amounts are yuan like every amount the API answers. Every problem is a
 * 400 with the Chinese message given here.
 */

/** `status` of `GET /api/merchant/product/lst`: all, 1 on sale, 0 off the shelf, `sold_out` on sale with no stock left. */
export const MERCHANT_PRODUCT_FILTERS = ['all', '1', '0', 'sold_out'] as const;

export const merchantProductListQuery = z.object({
  status: z.preprocess(
    (v) => (blank(v) ? 'all' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(MERCHANT_PRODUCT_FILTERS, { error: '商品状态不正确，可选：all、1、0、sold_out' }),
  ),
  keyword: textOrEmpty(30, '搜索关键字不能超过30个字'),
  ...paged(20),
});

/** Limits a shop works within (the shopper pages lay out at most this many specs, values and pictures). */
export const PRODUCT_LIMITS = {
  name: 60,
  info: 200,
  keyword: 100,
  unit: 8,
  slider: 10,
  content: 10000,
  attrs: 3,
  attrName: 10,
  values: 20,
  value: 20,
  skus: 200,
  stock: 9_999_999,
  onceCount: 9999,
  params: 20,
} as const;

const text = (name: string, max: number) => textOrEmpty(max, `${name}不能超过${max}个字`).refine(...noControlChars(name));

/** A required yuan amount → cents (two decimals at most). */
export const yuan = (name: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' || typeof v === 'number' ? (parseYuan(v) ?? Number.NaN) : Number.NaN),
    z
      .number({ error: `${name}格式不正确，最多两位小数` })
      .int()
      .min(0, `${name}不能小于0`)
      .max(99_999_999, `${name}不能超过999999.99元`),
  );

/** A whole number from 0 to `max` (`name` says which, in the message). */
export const count = (name: string, max: number) =>
  z.preprocess(
    numberInput,
    z.coerce
      .number({ error: `${name}必须是整数` })
      .int(`${name}必须是整数`)
      .min(0, `${name}不能小于0`)
      .max(max, `${name}不能超过${max}`),
  );

const flag = (name: string, fallback: 0 | 1) => orDefault(fallback, zeroOrOne(`${name}只能是0或1`));

/** A picture: an upload's path (`/media/<id>.webp`) or its absolute URL on this site; ownership is the service's check. */
const picture = (name: string) =>
  z
    .string({ error: `请上传${name}` })
    .trim()
    .min(1, `请上传${name}`)
    .max(300, `${name}地址过长`);

const specName = z
  .string({ error: '规格名称格式不正确' })
  .trim()
  .min(1, '规格名称不能为空')
  .max(PRODUCT_LIMITS.attrName, `规格名称不能超过${PRODUCT_LIMITS.attrName}个字`)
  .refine(...noControlChars('规格名称'));

const specValue = z
  .string({ error: '规格值格式不正确' })
  .trim()
  .min(1, '规格值不能为空')
  .max(PRODUCT_LIMITS.value, `规格值不能超过${PRODUCT_LIMITS.value}个字`)
  .refine((s) => !s.includes(SKU_SEPARATOR), `规格值不能包含英文逗号“${SKU_SEPARATOR}”`)
  .refine(...noControlChars('规格值'));

/** One spec dimension: `{value: '颜色', detail: ['红色', '蓝色']}`. */
const attrItem = z.object(
  {
    value: specName,
    detail: z.preprocess(
      asList,
      z
        .array(specValue, { error: '规格值格式不正确' })
        .min(1, '每个规格至少填写一个值')
        .max(PRODUCT_LIMITS.values, `每个规格最多${PRODUCT_LIMITS.values}个值`),
    ),
  },
  { error: '规格格式不正确' },
);

/** One SKU: its spec values by spec name (`detail`, `{}` for a single-spec product), price, stock, picture. */
const skuItem = z.object(
  {
    detail: orDefault({}, z.record(z.string(), specValue, { error: 'SKU规格格式不正确' })),
    price: yuan('售价'),
    ot_price: orDefault(undefined, yuan('原价').optional()),
    stock: count('库存', PRODUCT_LIMITS.stock),
    image: orDefault('', z.string({ error: 'SKU图片格式不正确' }).trim().max(300, 'SKU图片地址过长')),
    bar_code: text('条形码', 30),
    weight: orDefault(
      0,
      z.preprocess(numberInput, z.coerce.number({ error: '重量格式不正确' }).min(0, '重量不能小于0').max(99999, '重量过大')),
    ),
    volume: orDefault(
      0,
      z.preprocess(numberInput, z.coerce.number({ error: '体积格式不正确' }).min(0, '体积不能小于0').max(99999, '体积过大')),
    ),
  },
  { error: 'SKU格式不正确' },
);

/**
 * Body of `POST /api/merchant/product/create` and `POST /api/merchant/product/update/{id}` (the whole product: an update
 * replaces what it names, SKUs matched by their spec values keep their `unique`, so carts holding them stay valid).
 * `spec_type` 0 is a single SKU (`attr` empty, one `attrValue` with `detail` `{}`), 1 several: every `attrValue` names
 * one value of each spec in `attr`, each combination once. `content` is the details tab, HTML the service cleans;
 * `params` the 规格参数 tab, `[{name, value}]` by the mall's parameter names (`GET /api/merchant/product/parameters`).
 */
export const merchantProductBody = z.object({
  store_name: z
    .string({ error: '请填写商品名称' })
    .trim()
    .min(1, '请填写商品名称')
    .max(PRODUCT_LIMITS.name, `商品名称不能超过${PRODUCT_LIMITS.name}个字`)
    .refine(...noControlChars('商品名称')),
  store_info: text('商品简介', PRODUCT_LIMITS.info),
  keyword: text('关键字', PRODUCT_LIMITS.keyword),
  unit_name: orDefault(
    '件',
    text('单位', PRODUCT_LIMITS.unit).refine((s) => s !== '', '请填写单位'),
  ),
  cate_id: idField('平台分类'),
  mer_cate_id: z.preprocess(asList, z.array(idField('店铺分类'), { error: '店铺分类格式不正确' }).max(10, '店铺分类最多选择10个')),
  brand_id: orDefault(
    0,
    z.preprocess(numberInput, z.coerce.number({ error: '品牌格式不正确' }).int('品牌格式不正确').min(0, '品牌格式不正确').max(2147483647)),
  ),
  temp_id: orDefault(
    0,
    z.preprocess(
      numberInput,
      z.coerce.number({ error: '运费模板格式不正确' }).int('运费模板格式不正确').min(0, '运费模板格式不正确').max(2147483647),
    ),
  ),
  image: picture('商品主图'),
  slider_image: z.preprocess(
    asList,
    z.array(picture('轮播图'), { error: '轮播图格式不正确' }).max(PRODUCT_LIMITS.slider, `轮播图最多${PRODUCT_LIMITS.slider}张`),
  ),
  content: textOrEmpty(PRODUCT_LIMITS.content, `商品详情不能超过${PRODUCT_LIMITS.content}个字符`),
  once_min_count: orDefault(0, count('单次最少购买数量', PRODUCT_LIMITS.onceCount)),
  once_max_count: orDefault(0, count('单次最多购买数量', PRODUCT_LIMITS.onceCount)),
  refund_switch: flag('是否支持退款', 1),
  status: flag('上架状态', 0),
  spec_type: flag('规格类型', 0),
  attr: z.preprocess(
    (v) => (blank(v) ? [] : v),
    z.array(attrItem, { error: '规格格式不正确' }).max(PRODUCT_LIMITS.attrs, `最多${PRODUCT_LIMITS.attrs}个规格`),
  ),
  params: z.preprocess(
    (v) => (blank(v) ? [] : v),
    z
      .array(
        z.object(
          {
            name: z.string({ error: '参数名称格式不正确' }).trim().min(1, '参数名称不能为空').max(20, '参数名称不能超过20个字'),
            value: z
              .string({ error: '参数值格式不正确' })
              .trim()
              .min(1, '参数值不能为空')
              .max(50, '参数值不能超过50个字')
              .refine(...noControlChars('参数值')),
          },
          { error: '参数格式不正确' },
        ),
        { error: '参数格式不正确' },
      )
      .max(PRODUCT_LIMITS.params, `参数最多${PRODUCT_LIMITS.params}个`),
  ),
  attrValue: z
    .array(skuItem, { error: '请填写商品的价格和库存（attrValue）' })
    .min(1, '请填写商品的价格和库存（attrValue）')
    .max(PRODUCT_LIMITS.skus, `SKU最多${PRODUCT_LIMITS.skus}个`),
});
export type MerchantProductBody = z.output<typeof merchantProductBody>;

/** Body of `POST /api/merchant/product/status/{id}`: 1 on the shelf, 0 off it. */
export const productStatusBody = z.object({
  status: zeroOrOne('上架状态只能是1（上架）或0（下架）'),
});

/**
 * Body of `POST /api/merchant/product/stock/{id}`: `{list: [{unique, stock} | {unique, add}]}`. `stock` sets what is
 * left to sell; `add` (negative to take away) changes it by that much whatever orders took meanwhile, so a restock
 * counted on the shelf never loses a sale made while it was typed.
 */
export const productStockBody = z.object({
  list: z
    .array(
      z
        .object(
          {
            unique: z.string({ error: '请指定SKU（unique）' }).trim().min(1, '请指定SKU（unique）').max(64, 'SKU格式不正确'),
            stock: orDefault(undefined, count('库存', PRODUCT_LIMITS.stock).optional()),
            add: orDefault(
              undefined,
              z
                .preprocess(
                  numberInput,
                  z.coerce
                    .number({ error: '库存增减必须是整数' })
                    .int('库存增减必须是整数')
                    .min(-PRODUCT_LIMITS.stock, '库存增减过大')
                    .max(PRODUCT_LIMITS.stock, '库存增减过大'),
                )
                .optional(),
            ),
          },
          { error: '库存格式不正确' },
        )
        .refine((x) => (x.stock === undefined) !== (x.add === undefined), '每个SKU请只填写 stock（设为）或 add（增减）之一'),
      { error: '请填写要修改的库存（list）' },
    )
    .min(1, '请填写要修改的库存（list）')
    .max(PRODUCT_LIMITS.skus, `一次最多修改${PRODUCT_LIMITS.skus}个SKU`),
});
export type ProductStockBody = z.output<typeof productStockBody>;
