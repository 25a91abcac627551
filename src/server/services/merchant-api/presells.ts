import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { PRODUCT_TYPE, presell, product, productSku } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { merchantPresellListQuery } from '../../../shared/schemas/merchant-activity.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime, now } from '../dates.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { presellStateIs, presellStatus, type PresellStatus } from '../promotion/presell-state.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { offerSkus } from './activity-copy.ts';

export const PRESELL_GONE = '预售商品不存在';

/**
 * The `{id}` of a presale call's path: its `product_presell_id`, as the shopper API's
 * `/api/store/product/presell/detail/{id}` and the page `/goods_presell_detail/{id}`.
 */
export const presellIdInput = z.object({ id: idField('预售商品ID') });

/** A row of `GET /api/merchant/presell/lst`. */
export interface MerchantPresellItem {
  /** The presale (its page is /goods_presell_detail/{product_presell_id}; what every merchant call names). */
  product_presell_id: number;
  /** Its own product row (type 2), what carts and orders name. */
  product_id: number;
  /** The shop's ordinary product it was made from. */
  origin_product_id: number;
  store_name: string;
  image: string;
  /** 1 full payment, 2 deposit + balance. */
  presell_type: number;
  /** Mall time, 'YYYY-MM-DD HH:mm:ss'; the balance window is null for full payment. */
  start_time: string;
  end_time: string;
  final_start_time: string | null;
  final_end_time: string | null;
  /** 1 ship `delivery_day` days after payment (the balance for a deposit presale), 2 that many days after the presale ends. */
  delivery_type: number;
  delivery_day: number;
  /** Per-shopper cap; 0 none. */
  pay_count: number;
  /** Lowest presale price and its original (the product's own price), yuan; the lowest deposit (0.00 for full payment). */
  price: string;
  ot_price: string;
  down_price: string;
  /** Left to sell over the SKUs, and sold. */
  stock: number;
  sales: number;
  /** 1 on the shelf, 0 off it. */
  status: number;
  /** Now: 0 not started, 1 in progress, 2 ended (the shopper pages' `presell_status`, whatever the shelf). */
  presell_status: PresellStatus;
  create_time: string;
}

/** `attrValue[]` of the detail: one SKU of the presale. */
export interface MerchantPresellSkuDto {
  /** The presale's SKU (what shoppers buy, what `update` names). */
  unique: string;
  /** The product's own SKU with the same spec values ('' when the shop has removed it since). */
  origin_unique: string;
  sku: string;
  detail: Record<string, string>;
  price: string;
  /** Deposit per piece (deposit presales; 0.00 otherwise), and the balance left to pay. */
  down_price: string;
  final_price: string;
  /** The product's own price of the SKU when the presale was made. */
  ot_price: string;
  stock: number;
  sales: number;
  /** What the product's own SKU has left (where stock added to the presale comes from). */
  origin_stock: number;
}

/** `GET /api/merchant/presell/detail/{id}`. */
export interface MerchantPresellDto extends MerchantPresellItem {
  attr: { value: string; detail: string[] }[];
  attrValue: MerchantPresellSkuDto[];
}

const downPrice = sql<number>`(select coalesce(min(${productSku.downPrice}), 0) from ${productSku} where ${productSku.productId} = ${product.productId})::int`;

const columns = {
  pr: presell,
  productId: product.productId,
  storeName: product.storeName,
  image: product.image,
  price: product.price,
  otPrice: product.otPrice,
  stock: product.stock,
  sales: product.sales,
  status: product.status,
  down: downPrice,
};

type Row = {
  pr: typeof presell.$inferSelect;
  productId: number;
  storeName: string;
  image: string;
  price: number;
  otPrice: number;
  stock: number;
  sales: number;
  status: number;
  down: number;
};

const itemOf = (r: Row, at: Date): MerchantPresellItem => ({
  product_presell_id: r.pr.productPresellId,
  product_id: r.productId,
  origin_product_id: r.pr.originProductId,
  store_name: r.pr.storeName,
  image: r.image,
  presell_type: r.pr.presellType,
  start_time: formatDateTime(r.pr.startTime)!,
  end_time: formatDateTime(r.pr.endTime)!,
  final_start_time: formatDateTime(r.pr.finalStartTime),
  final_end_time: formatDateTime(r.pr.finalEndTime),
  delivery_type: r.pr.deliveryType,
  delivery_day: r.pr.deliveryDay,
  pay_count: r.pr.payCount,
  price: toYuan(r.price),
  ot_price: toYuan(r.otPrice),
  down_price: toYuan(r.down),
  stock: r.stock,
  sales: r.sales,
  status: r.status,
  presell_status: presellStatus(r.pr, at),
  create_time: formatDateTime(r.pr.createdAt) ?? '',
});

/** The shop's presales (product rows of type 2 joined to their `presell` row); `presellId` picks one. */
export const ownPresell = (merId: number, presellId?: number) =>
  and(
    eq(product.merId, merId),
    eq(product.productType, PRODUCT_TYPE.presell),
    presellId === undefined ? undefined : eq(presell.productPresellId, presellId),
  )!;

const presales = (db: Db) => db.select(columns).from(presell).innerJoin(product, eq(product.productId, presell.productId));

/**
 * `GET /api/merchant/presell/lst?status=all|1|0&type=0|1|2&keyword=&page=&limit=`: the shop's presales, newest first,
 * with their windows, stock and sales.
 */
export async function listMerchantPresells(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantPresellItem>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantPresellListQuery, input);
  const at = now();
  const where = and(
    ownPresell(merId),
    q.status === 'all' ? undefined : eq(product.status, Number(q.status)),
    q.type === undefined ? undefined : presellStateIs(q.type as PresellStatus, at),
    q.keyword ? gt(sql`strpos(lower(${presell.storeName}), lower(${q.keyword}))`, 0) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(presell).innerJoin(product, eq(product.productId, presell.productId)).where(where),
    presales(ctx.db).where(where).orderBy(desc(presell.productPresellId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
  ]);
  return { count: total?.n ?? 0, list: rows.map((r) => itemOf(r, at)) };
}

/** `GET /api/merchant/presell/detail/{id}` (`id` = product_presell_id): one of the shop's presales with its SKUs; another shop's is a 404. */
export async function getMerchantPresell(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantPresellDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(presellIdInput, { id: input.id });
  const found = await readMerchantPresell(ctx.db, merId, id);
  if (!found) throw notFound(PRESELL_GONE);
  return found;
}

/** The presale as `getMerchantPresell` answers it, or null when it is not one of the shop's. */
export async function readMerchantPresell(db: Db, merId: number, presellId: number): Promise<MerchantPresellDto | null> {
  const [row] = await presales(db).where(ownPresell(merId, presellId));
  if (!row) return null;
  const { attr, skus } = await offerSkus(db, row.productId, row.pr.originProductId);
  return {
    ...itemOf(row, now()),
    attr,
    attrValue: skus.map((s) => ({
      unique: s.unique,
      origin_unique: s.origin_unique,
      sku: s.sku,
      detail: s.detail,
      price: toYuan(s.price),
      down_price: toYuan(s.downPrice),
      final_price: toYuan(s.downPrice ? s.price - s.downPrice : 0),
      ot_price: toYuan(s.otPrice),
      stock: s.stock,
      sales: s.sales,
      origin_stock: s.origin_stock,
    })),
  };
}
