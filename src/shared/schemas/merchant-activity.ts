import { z } from './zod.ts';
import { blank, numberInput, numberOrDefault, optional, orDefault, textOrEmpty, zeroOrOne } from './common.ts';
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
const stockAdd = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '库存增减必须是整数' })
    .int('库存增减必须是整数')
    .min(-PRODUCT_LIMITS.stock, '库存增减过大')
    .max(PRODUCT_LIMITS.stock, '库存增减过大'),
);

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

/* ------------------------------------------------------------------------------------------------------------------ */
/* Presales (`/api/merchant/presell/...`): field names are the shopper API's (`presell_type`, `start_time`, `end_time`, */
/* `final_start_time`, `final_end_time`, `delivery_type`, `delivery_day`, `pay_count`, `attrValue[].down_price`).      */
/* ------------------------------------------------------------------------------------------------------------------ */

/** Limits of a presale's shipping promise (`delivery_day` days). */
export const PRESELL_LIMITS = { deliveryDay: 90 } as const;

/** `status` of `GET /api/merchant/presell/lst`: all, 1 on the shelf, 0 off it; `type`: 0 not started, 1 in progress, 2 ended. */
export const merchantPresellListQuery = z.object({
  status: z.preprocess(
    (v) => (blank(v) ? 'all' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(MERCHANT_SECKILL_FILTERS, { error: '预售商品状态不正确，可选：all、1、0' }),
  ),
  type: z.preprocess(
    numberOrDefault(undefined),
    z.coerce
      .number({ error: '预售状态（type）只能是0（未开始）、1（进行中）或2（已结束）' })
      .int('预售状态（type）只能是0（未开始）、1（进行中）或2（已结束）')
      .min(0, '预售状态（type）只能是0（未开始）、1（进行中）或2（已结束）')
      .max(2, '预售状态（type）只能是0（未开始）、1（进行中）或2（已结束）')
      .optional(),
  ),
  keyword: textOrEmpty(30, '搜索关键字不能超过30个字'),
  ...paged(20),
});

/** A moment in mall time (Asia/Shanghai), 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD HH:mm'), as the shopper API answers it. */
const moment = (name: string) =>
  z
    .string({ error: `请填写${name}（YYYY-MM-DD HH:mm:ss）` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, `${name}格式不正确，应为 YYYY-MM-DD HH:mm:ss`)
    .transform((s, ctx) => {
      const iso = `${s.slice(0, 10)}T${s.slice(11)}${s.length === 16 ? ':00' : ''}`;
      const d = new Date(`${iso}+08:00`);
      // A real day and time of the calendar: the instant read back in mall time is what was written.
      if (Number.isNaN(d.getTime()) || new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19) !== iso) {
        ctx.addIssue({ code: 'custom', message: `${name}不是有效的时间` });
        return z.NEVER;
      }
      return d;
    });

const presellType = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '预售类型（presell_type）只能是1（全款）或2（定金+尾款）' })
    .int('预售类型（presell_type）只能是1（全款）或2（定金+尾款）')
    .refine((n) => n === 1 || n === 2, '预售类型（presell_type）只能是1（全款）或2（定金+尾款）'),
);

const deliveryType = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '发货方式（delivery_type）只能是1（付款后发货）或2（预售结束后发货）' })
    .int('发货方式（delivery_type）只能是1（付款后发货）或2（预售结束后发货）')
    .refine((n) => n === 1 || n === 2, '发货方式（delivery_type）只能是1（付款后发货）或2（预售结束后发货）'),
);

const deliveryDay = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '发货天数（delivery_day）必须是整数' })
    .int('发货天数（delivery_day）必须是整数')
    .min(1, '发货天数（delivery_day）至少为1天')
    .max(PRESELL_LIMITS.deliveryDay, `发货天数（delivery_day）不能超过${PRESELL_LIMITS.deliveryDay}天`),
);

const presellName = z
  .string({ error: '预售商品名称格式不正确' })
  .trim()
  .min(1, '请填写预售商品名称（store_name）')
  .max(PRODUCT_LIMITS.name, `预售商品名称不能超过${PRODUCT_LIMITS.name}个字`);

/**
 * Body of `POST /api/merchant/presell/create`: the shop's ordinary product `origin_product_id`, the kind, the windows
 * (mall time), the shipping promise, the per-shopper cap and, for each of the product's SKUs (`unique`), the presale
 * price, the deposit (`down_price`, deposit presales only; yuan) and the stock (taken from that SKU's).
 */
export const presellCreateBody = z.object({
  origin_product_id: idField('商品（origin_product_id）'),
  store_name: optional(presellName),
  presell_type: presellType,
  start_time: moment('开始时间（start_time）'),
  end_time: moment('结束时间（end_time）'),
  final_start_time: optional(moment('尾款开始时间（final_start_time）')),
  final_end_time: optional(moment('尾款结束时间（final_end_time）')),
  delivery_type: orDefault(1, deliveryType),
  delivery_day: orDefault(7, deliveryDay),
  pay_count: orDefault(0, payCount('限购数量（pay_count）')),
  status: orDefault(0, zeroOrOne('上架状态只能是1（上架）或0（下架）')),
  attrValue: z
    .array(
      z.object(
        { unique, price: yuan('预售价'), down_price: orDefault(0, yuan('定金')), stock: count('预售库存', PRODUCT_LIMITS.stock) },
        { error: 'SKU格式不正确' },
      ),
      { error: '请填写每个SKU的预售价和预售库存（attrValue）' },
    )
    .min(1, '请填写每个SKU的预售价和预售库存（attrValue）')
    .max(PRODUCT_LIMITS.skus, `SKU最多${PRODUCT_LIMITS.skus}个`),
});
export type PresellCreateBody = z.output<typeof presellCreateBody>;

/**
 * Body of `POST /api/merchant/presell/update/{id}`: only what it names changes. `attrValue[]` names the presale's SKUs
 * by their `unique` with a new `price`, `down_price` and/or a stock change `add`. A presale turned into a full-payment
 * one (`presell_type` 1) drops its balance window and its deposits.
 */
export const presellUpdateBody = z
  .object({
    store_name: optional(presellName),
    presell_type: optional(presellType),
    start_time: optional(moment('开始时间（start_time）')),
    end_time: optional(moment('结束时间（end_time）')),
    final_start_time: optional(moment('尾款开始时间（final_start_time）')),
    final_end_time: optional(moment('尾款结束时间（final_end_time）')),
    delivery_type: optional(deliveryType),
    delivery_day: optional(deliveryDay),
    pay_count: optional(payCount('限购数量（pay_count）')),
    attrValue: orDefault(
      [],
      z
        .array(
          z
            .object(
              { unique, price: optional(yuan('预售价')), down_price: optional(yuan('定金')), add: optional(stockAdd) },
              { error: 'SKU格式不正确' },
            )
            .refine(
              (x) => x.price !== undefined || x.down_price !== undefined || x.add !== undefined,
              '每个SKU请填写 price（预售价）、down_price（定金）或 add（库存增减）',
            ),
          { error: 'SKU格式不正确（attrValue）' },
        )
        .max(PRODUCT_LIMITS.skus, `SKU最多${PRODUCT_LIMITS.skus}个`),
    ),
  })
  .refine((b) => Object.values(b).some((v) => (Array.isArray(v) ? v.length : v !== undefined)), '请填写要修改的内容');
export type PresellUpdateBody = z.output<typeof presellUpdateBody>;

/** Body of `POST /api/merchant/presell/status/{id}`: 1 on the shelf, 0 off it. */
export const presellStatusBody = seckillStatusBody;
