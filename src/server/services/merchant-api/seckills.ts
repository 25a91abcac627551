import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { PRODUCT_TYPE, product, seckillProduct, seckillTime } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { merchantSeckillListQuery } from '../../../shared/schemas/merchant-activity.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime, now } from '../dates.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { listSeckillSessions, type SessionDto } from '../promotion/list-seckill-sessions.ts';
import { offerStatus, type SeckillStatus } from '../promotion/seckill-clock.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { offerSkus } from './activity-copy.ts';

export const SECKILL_GONE = '秒杀商品不存在';

/** The `{id}` of a flash-sale call's path: the offer's own product id (`product_id` of the lists). */
export const seckillIdInput = z.object({ id: idField('秒杀商品ID') });

/** A row of `GET /api/merchant/seckill/lst`. */
export interface MerchantSeckillItem {
  /** The offer's own product (its page is /goods_seckill_detail/{product_id}). */
  product_id: number;
  /** The shop's ordinary product it was made from. */
  origin_product_id: number;
  store_name: string;
  image: string;
  seckill_time_id: number;
  /** The session's name and hours (mall time). */
  title: string;
  start_time: number;
  end_time: number;
  start_day: string;
  end_day: string;
  once_pay_count: number;
  all_pay_count: number;
  /** Lowest flash-sale price and its original (the product's own price), yuan. */
  price: string;
  ot_price: string;
  /** Left to sell over the SKUs, and sold. */
  stock: number;
  sales: number;
  /** 1 on the shelf, 0 off it. */
  status: number;
  /** Now: 1 selling (on the shelf), 0 upcoming, -1 ended (the shopper pages' `seckill_status`). */
  seckill_status: SeckillStatus;
  create_time: string;
}

/** `attrValue[]` of the detail: one SKU of the offer. */
export interface MerchantSeckillSkuDto {
  /** The offer's SKU (what shoppers buy, what `update` names). */
  unique: string;
  /** The product's own SKU with the same spec values ('' when the shop has removed it since). */
  origin_unique: string;
  sku: string;
  detail: Record<string, string>;
  price: string;
  /** The product's own price of the SKU when the offer was made. */
  ot_price: string;
  stock: number;
  sales: number;
  /** What the product's own SKU has left (where stock added to the offer comes from). */
  origin_stock: number;
}

/** `GET /api/merchant/seckill/detail/{id}`. */
export interface MerchantSeckillDto extends MerchantSeckillItem {
  attr: { value: string; detail: string[] }[];
  attrValue: MerchantSeckillSkuDto[];
}

const columns = {
  productId: product.productId,
  originProductId: seckillProduct.originProductId,
  storeName: product.storeName,
  image: product.image,
  seckillTimeId: seckillProduct.seckillTimeId,
  title: seckillTime.title,
  startTime: seckillTime.startTime,
  endTime: seckillTime.endTime,
  startDay: seckillProduct.startDay,
  endDay: seckillProduct.endDay,
  oncePayCount: seckillProduct.oncePayCount,
  allPayCount: seckillProduct.allPayCount,
  price: product.price,
  otPrice: product.otPrice,
  stock: product.stock,
  sales: product.sales,
  status: product.status,
  createdAt: product.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

const itemOf = (r: Row, at: Date): MerchantSeckillItem => {
  const state = offerStatus(r, at);
  return {
    product_id: r.productId,
    origin_product_id: r.originProductId,
    store_name: r.storeName,
    image: r.image,
    seckill_time_id: r.seckillTimeId,
    title: r.title,
    start_time: r.startTime,
    end_time: r.endTime,
    start_day: r.startDay,
    end_day: r.endDay,
    once_pay_count: r.oncePayCount,
    all_pay_count: r.allPayCount,
    price: toYuan(r.price),
    ot_price: toYuan(r.otPrice),
    stock: r.stock,
    sales: r.sales,
    status: r.status,
    // Off the shelf it sells at no hour: shown as not selling (upcoming, or ended once its days are over).
    seckill_status: r.status !== 1 && state === 1 ? 0 : state,
    create_time: formatDateTime(r.createdAt) ?? '',
  };
};

/** The shop's flash-sale offers (product rows of type 1 with their settings). */
export const ownSeckill = (merId: number, productId?: number) =>
  and(
    eq(product.merId, merId),
    eq(product.productType, PRODUCT_TYPE.seckill),
    productId === undefined ? undefined : eq(product.productId, productId),
  )!;

const offers = (db: Db) =>
  db
    .select(columns)
    .from(product)
    .innerJoin(seckillProduct, eq(seckillProduct.productId, product.productId))
    .innerJoin(seckillTime, eq(seckillTime.seckillTimeId, seckillProduct.seckillTimeId));

/** `GET /api/merchant/seckill/sessions`: the mall's daily sessions a flash sale can be put in, with their state now. */
export async function listMerchantSeckillSessions(ctx: MerchantContext): Promise<{ list: SessionDto[] }> {
  requireMerchant(ctx);
  return { list: (await listSeckillSessions(ctx)).seckillTime };
}

/**
 * `GET /api/merchant/seckill/lst?status=all|1|0&seckill_time_id=&keyword=&page=&limit=`: the shop's flash-sale offers,
 * newest first, with their session, days, stock and sales.
 */
export async function listMerchantSeckills(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantSeckillItem>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantSeckillListQuery, input);
  const where = and(
    ownSeckill(merId),
    q.status === 'all' ? undefined : eq(product.status, Number(q.status)),
    q.seckill_time_id ? eq(seckillProduct.seckillTimeId, q.seckill_time_id) : undefined,
    q.keyword ? gt(sql`strpos(lower(${product.storeName}), lower(${q.keyword}))`, 0) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(product).innerJoin(seckillProduct, eq(seckillProduct.productId, product.productId)).where(where),
    offers(ctx.db).where(where).orderBy(desc(product.productId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
  ]);
  const at = now();
  return { count: total?.n ?? 0, list: rows.map((r) => itemOf(r, at)) };
}

/** `GET /api/merchant/seckill/detail/{id}`: one of the shop's offers with its SKUs; another shop's is a 404. */
export async function getMerchantSeckill(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantSeckillDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(seckillIdInput, { id: input.id });
  const found = await readMerchantSeckill(ctx.db, merId, id);
  if (!found) throw notFound(SECKILL_GONE);
  return found;
}

/** The offer as `getMerchantSeckill` answers it, or null when it is not one of the shop's. */
export async function readMerchantSeckill(db: Db, merId: number, id: number): Promise<MerchantSeckillDto | null> {
  const [row] = await offers(db).where(ownSeckill(merId, id));
  if (!row) return null;
  const { attr, skus } = await offerSkus(db, id, row.originProductId);
  return {
    ...itemOf(row, now()),
    attr,
    attrValue: skus.map((s) => ({
      unique: s.unique,
      origin_unique: s.origin_unique,
      sku: s.sku,
      detail: s.detail,
      price: toYuan(s.price),
      ot_price: toYuan(s.otPrice),
      stock: s.stock,
      sales: s.sales,
      origin_stock: s.origin_stock,
    })),
  };
}
