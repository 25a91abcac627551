import { z } from './zod.ts';
import { pagination, shopperKeyword, MAX_LIMIT, asList, blank, numberInput, numberOrDefault } from './common.ts';
import { parseYuan } from '../money.ts';

/** Query schemas of the catalogue endpoints. Every problem is a 400 with the Chinese message given here. */

/**
 * What a service accepts for a schema: any subset of its fields, as raw query-string values or typed
 * values. Services re-validate, so pages can pass `Object.fromEntries(url.searchParams)` straight through.
 */
export type QueryInput<S extends z.ZodObject> = { [K in keyof z.output<S>]?: unknown };

/**
 * An id as a client sends it: a number, or text of digits only (a path part, a query string, an item of a csv list;
 * spaces around it are dropped). Anything else (a boolean, an array, '1e3', '0x10', '5.0') is NaN, which `idField`
 * refuses: coercion read `true` as 1 and `[5]` as 5.
 */
export const idInput = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;

/** A positive integer id (route or query); '' / missing is allowed only through `.optional()`. */
export const idField = (name: string) =>
  z.preprocess(
    idInput,
    z
      .number({ error: `${name}格式不正确` })
      .int(`${name}格式不正确`)
      .min(1, `${name}格式不正确`)
      .max(2147483647, `${name}格式不正确`),
  );

const optionalId = (name: string) => z.preprocess((v) => (blank(v) ? undefined : v), idField(name).optional());

/** Paging with a page-specific default limit; still capped at 100. */
export const paged = (defaultLimit: number) => ({
  page: pagination.page,
  limit: z.preprocess(
    numberOrDefault(defaultLimit),
    z.coerce
      .number({ error: '每页数量必须是数字' })
      .int('每页数量必须是整数')
      .min(1, '每页数量不能小于1')
      .max(MAX_LIMIT, `每页数量不能大于${MAX_LIMIT}`),
  ),
});

/** "1,2,3", 7 (or an array) → [1, 2, 3], [7] (`asList`); at most 50 ids. */
export const idCsv = (name: string) =>
  z.preprocess(asList, z.array(idField(name), { error: `${name}格式不正确` }).max(50, `${name}最多选择50个`));

/** A yuan amount ('99', '99.5') → integer cents; '' → undefined. */
export const yuanField = (name: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' || typeof v === 'number' ? (parseYuan(v) ?? Number.NaN) : Number.NaN),
    z
      .number({ error: `${name}格式不正确` })
      .int()
      .min(0)
      .max(99999999, `${name}过大`)
      .optional(),
  );

const filterValue = z.string({ error: '筛选参数格式不正确' }).trim().min(1, '筛选参数格式不正确').max(50, '筛选参数格式不正确');
const filterRecord = z.record(
  z.string().regex(/^[1-9]\d{0,8}$/, '筛选参数格式不正确'),
  z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(filterValue, { error: '筛选参数格式不正确' }).max(30, '筛选参数格式不正确')),
  { error: '筛选参数格式不正确' },
);

/**
 * `filter_params`: JSON `{parameter_id: [values]}` (or the object itself); malformed JSON is a clear 400. An empty
 * array is no filter, as an empty object: what a client serialising an empty map as a list (PHP's `[]`) sends.
 */
export const filterParams = z.preprocess(
  (v, ctx) => {
    if (blank(v)) return {};
    let parsed = v;
    if (typeof v === 'string') {
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: '筛选参数格式不正确，应为 JSON 对象' });
        return z.NEVER;
      }
    }
    return Array.isArray(parsed) && parsed.length === 0 ? {} : parsed;
  },
  filterRecord.refine((r) => Object.keys(r).length <= 20, '筛选参数过多'),
);

export const PRODUCT_ORDERS = ['', 'sales', 'rate', 'price_asc', 'price_desc', 'is_new'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];
const order = z.preprocess((v) => (blank(v) ? '' : v), z.enum(PRODUCT_ORDERS, { error: '排序方式不正确' }));

const priceRange = { price_on: yuanField('最低价'), price_off: yuanField('最高价') };

/** `GET /api/product/spu/lst` and the category / search pages. */
export const productListQuery = z.object({
  ...paged(15),
  keyword: shopperKeyword,
  brand_id: idCsv('品牌'),
  mer_type_id: idCsv('店铺类型'),
  filter_params: filterParams,
  ...priceRange,
  order,
  cate_pid: optionalId('分类'),
});
export type ProductListQuery = QueryInput<typeof productListQuery>;

/** `GET /api/product/spu/merchant/{id}`: a shop's products (in-shop search, shop category, `is_new`). */
export const merchantProductQuery = z.object({
  ...paged(12),
  keyword: shopperKeyword,
  mer_cate_id: optionalId('店铺分类'),
  ...priceRange,
  order,
});
export type MerchantProductQuery = QueryInput<typeof merchantProductQuery>;

/** `GET /api/product/spu/coupon_product`. */
export const couponProductQuery = productListQuery.omit({ mer_type_id: true, filter_params: true }).extend({
  coupon_id: idField('优惠券'),
});
export type CouponProductQuery = QueryInput<typeof couponProductQuery>;

export const HOT_TYPES = ['best', 'hot', 'new', 'good'] as const;
export type HotType = (typeof HOT_TYPES)[number];
export const hotListQuery = z.object({
  ...paged(11),
  type: z.enum(HOT_TYPES, { error: '榜单类型不正确' }),
});

/**
 * Brand and parameter filters: by category (`cate_id`, any level) and keyword. The reference page asks for
 * `limit=999`; the API contract caps limits at 100, which is more than any category has.
 */
export const facetQuery = z.object({
  ...paged(MAX_LIMIT),
  keyword: shopperKeyword,
  cate_id: optionalId('分类'),
});

export const REVIEW_FILTERS = ['count', 'best', 'middle', 'negative'] as const;
export const reviewQuery = z.object({
  ...paged(20),
  type: z.preprocess((v) => (blank(v) ? 'count' : v), z.enum(REVIEW_FILTERS, { error: '评价筛选类型不正确' })),
});

export const merchantListQuery = z.object({
  ...paged(10),
  keyword: shopperKeyword,
  type_id: idCsv('店铺类型'),
  category_id: optionalId('店铺分类'),
  is_best: z.preprocess(
    numberOrDefault(undefined),
    z.coerce.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误').max(1, '参数错误').optional(),
  ),
  order: z.preprocess((v) => (blank(v) ? '' : v), z.enum(['', 'sales', 'rate', 'care_count'], { error: '排序方式不正确' })),
});
export type MerchantListQuery = QueryInput<typeof merchantListQuery>;

const flag01 = z.preprocess(
  numberOrDefault(0),
  z.coerce.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误').max(1, '参数错误'),
);

/** `GET /api/coupon/getlst?type=<''|-1|0|1|10|11|12>&product=1`: the coupon centre. */
export const couponListQuery = z.object({
  ...paged(15),
  type: z.preprocess(
    numberOrDefault(-1),
    z.coerce.number({ error: '优惠券类型不正确' }).refine((n) => [-1, 0, 1, 10, 11, 12].includes(n), '优惠券类型不正确'),
  ),
  product: flag01,
});
export type CouponListQuery = QueryInput<typeof couponListQuery>;

/** `GET /api/coupon/product?ids=<csv>` and `GET /api/coupon/store/{mer_id}?all=1`. */
export const productCouponQuery = z.object({ ids: idCsv('商品') });
export const storeCouponQuery = z.object({ id: idField('店铺'), all: flag01 });

const hour = (name: string) =>
  z.preprocess(
    numberOrDefault(undefined),
    z.coerce
      .number({ error: `${name}格式不正确` })
      .int(`${name}格式不正确`)
      .min(0, `${name}格式不正确`)
      .max(24, `${name}格式不正确`)
      .optional(),
  );

/** `GET /api/store/product/seckill/lst?start_time&end_time`: a session's offers (default: the current one). */
export const seckillListQuery = z.object({
  ...paged(16),
  seckill_time_id: optionalId('秒杀场次'),
  start_time: hour('开始时间'),
  end_time: hour('结束时间'),
});
export type SeckillListQuery = QueryInput<typeof seckillListQuery>;

/** `GET /api/store/product/presell/lst?type=0|1|2`: not started, in progress, ended. */
export const presellListQuery = z.object({
  ...paged(16),
  type: z.preprocess(
    numberOrDefault(1),
    z.coerce.number({ error: '预售状态不正确' }).int('预售状态不正确').min(0, '预售状态不正确').max(2, '预售状态不正确'),
  ),
});
export type PresellListQuery = QueryInput<typeof presellListQuery>;

/** Favourite / follow: `{type: 0 product | 1 seckill | 2 presell | 10 shop, type_id}`. */
export const relationInput = z.object({
  type: z.preprocess(
    numberInput,
    z.coerce.number({ error: '收藏类型不正确' }).refine((n) => [0, 1, 2, 10].includes(n), '收藏类型不正确'),
  ),
  type_id: idField('收藏对象'),
});
export type RelationInput = QueryInput<typeof relationInput>;

/** "Notify me on arrival": `{unique, product_id, type}` (type 1 = arrival notice). */
export const arrivalInput = z.object({
  unique: z.string({ error: '商品规格不正确' }).trim().min(1, '商品规格不正确').max(64, '商品规格不正确'),
  product_id: idField('商品'),
  type: z.preprocess(
    numberOrDefault(1),
    z.coerce.number({ error: '订阅类型不正确' }).refine((n) => n === 1, '订阅类型不正确'),
  ),
});
