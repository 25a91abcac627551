import { z } from './zod.ts';
import { blank, optional, orDefault, textOrEmpty, zeroOrOne } from './common.ts';
import { idField, paged } from './catalogue.ts';
import { count, PRODUCT_LIMITS, yuan } from './merchant-product.ts';

/**
 * Input schemas of the merchant API's flash-sale calls (`/api/merchant/seckill/...`): a shop's own products put into the
 * mall's daily sessions. Field names are the shopper API's (`seckill_time_id`, `start_day`, `end_day`,
 * `once_pay_count`, `all_pay_count`, `attrValue`, `unique`); amounts are yuan. Every problem is a 400 with the Chinese
 * message given here; what needs the database (the product, the session, the dates against today) is the service's.
 */

/** Limits of an offer's purchase caps. */
export const ACTIVITY_LIMITS = { payCount: 9999 } as const;

/** `status` of `GET /api/merchant/seckill/lst`: all, 1 on sale, 0 off the shelf. */
export const MERCHANT_SECKILL_FILTERS = ['all', '1', '0'] as const;

export const merchantSeckillListQuery = z.object({
  status: z.preprocess(
    (v) => (blank(v) ? 'all' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(MERCHANT_SECKILL_FILTERS, { error: '秒杀商品状态不正确，可选：all、1、0' }),
  ),
  seckill_time_id: optional(idField('秒杀场次')),
  keyword: textOrEmpty(30, '搜索关键字不能超过30个字'),
  ...paged(20),
});

/** A mall date, 'YYYY-MM-DD' (a real day of the calendar). */
const day = (name: string) =>
  z
    .string({ error: `请填写${name}（YYYY-MM-DD）` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name}格式不正确，应为 YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${name}不是有效的日期`);

const payCount = (name: string) => count(name, ACTIVITY_LIMITS.payCount);

const unique = z.string({ error: '请指定SKU（unique）' }).trim().min(1, '请指定SKU（unique）').max(64, 'SKU格式不正确');

/**
 * Body of `POST /api/merchant/seckill/create`: the shop's ordinary product `origin_product_id`, a session, the days, the
 * caps and, for each of the product's SKUs (`unique`), the flash-sale price (yuan) and stock (taken from that SKU's).
 */
export const seckillCreateBody = z.object({
  origin_product_id: idField('商品（origin_product_id）'),
  seckill_time_id: idField('秒杀场次（seckill_time_id）'),
  start_day: day('开始日期（start_day）'),
  end_day: day('结束日期（end_day）'),
  once_pay_count: orDefault(1, payCount('单次限购数量（once_pay_count）')),
  all_pay_count: orDefault(0, payCount('限购总数（all_pay_count）')),
  status: orDefault(0, zeroOrOne('上架状态只能是1（上架）或0（下架）')),
  attrValue: z
    .array(z.object({ unique, price: yuan('秒杀价'), stock: count('秒杀库存', PRODUCT_LIMITS.stock) }, { error: 'SKU格式不正确' }), {
      error: '请填写每个SKU的秒杀价和秒杀库存（attrValue）',
    })
    .min(1, '请填写每个SKU的秒杀价和秒杀库存（attrValue）')
    .max(PRODUCT_LIMITS.skus, `SKU最多${PRODUCT_LIMITS.skus}个`),
});
export type SeckillCreateBody = z.output<typeof seckillCreateBody>;

/** A stock change: how many more to sell (negative: fewer, given back to the product's own stock). */
const stockAdd = z.coerce
  .number({ error: '库存增减必须是整数' })
  .int('库存增减必须是整数')
  .min(-PRODUCT_LIMITS.stock, '库存增减过大')
  .max(PRODUCT_LIMITS.stock, '库存增减过大');

/**
 * Body of `POST /api/merchant/seckill/update/{id}`: only what it names changes. `attrValue[]` names the offer's SKUs by
 * their `unique` with a new `price` and/or a stock change `add` (never a stock figure, so sales made meanwhile count).
 */
export const seckillUpdateBody = z
  .object({
    seckill_time_id: optional(idField('秒杀场次（seckill_time_id）')),
    start_day: optional(day('开始日期（start_day）')),
    end_day: optional(day('结束日期（end_day）')),
    once_pay_count: optional(payCount('单次限购数量（once_pay_count）')),
    all_pay_count: optional(payCount('限购总数（all_pay_count）')),
    attrValue: orDefault(
      [],
      z
        .array(
          z
            .object({ unique, price: optional(yuan('秒杀价')), add: optional(stockAdd) }, { error: 'SKU格式不正确' })
            .refine((x) => x.price !== undefined || x.add !== undefined, '每个SKU请填写 price（秒杀价）或 add（库存增减）'),
          { error: 'SKU格式不正确（attrValue）' },
        )
        .max(PRODUCT_LIMITS.skus, `SKU最多${PRODUCT_LIMITS.skus}个`),
    ),
  })
  .refine((b) => Object.values(b).some((v) => (Array.isArray(v) ? v.length : v !== undefined)), '请填写要修改的内容');
export type SeckillUpdateBody = z.output<typeof seckillUpdateBody>;

/** Body of `POST /api/merchant/seckill/status/{id}`: 1 on the shelf, 0 off it. */
export const seckillStatusBody = z.object({
  status: zeroOrOne('上架状态只能是1（上架）或0（下架）'),
});
