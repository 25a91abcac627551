import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { presell } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { parseYuan } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { now, formatDateTime } from '../dates.ts';
import { loadProductDetail, PRODUCT_GONE, type ProductDetail } from '../catalogue/product-detail.ts';
import { presellStatus, type PresellTiming } from './presell-state.ts';
import { shows } from '../cache-tags.ts';

export interface PresellDetail extends PresellTiming {
  /** The shop (the reference's client reads it at the top level for the shop header and coupons). */
  mer_id: number;
  /** Per-shopper cap; 0 = none. */
  pay_count: number;
  /** Smallest deposit over the SKUs ("deposit from ¥minNum"), yuan. */
  minNum: string;
  /** The presale product: its SKUs carry the presell price, stock and `down_price`. */
  product: ProductDetail;
}

/** Loads an enabled presale row, or 404. */
export async function loadPresell(ctx: Pick<ServiceContext, 'db'>, presellId: number) {
  shows('promotion');
  const [row] = await ctx.db.select().from(presell).where(eq(presell.productPresellId, presellId));
  if (!row || !row.status) throw notFound(PRODUCT_GONE);
  return row;
}

/**
 * `GET /api/store/product/presell/detail/{id}` (`id` = product_presell_id): the presale with its state,
 * windows, delivery promise and the product detail (favourite state of relation type 2 = this presale).
 */
export async function getPresellDetail(ctx: ServiceContext, input: { id: number | string }): Promise<PresellDetail> {
  const { id } = parseInput(z.object({ id: idField('预售商品') }), input);
  const pr = await loadPresell(ctx, id);
  const product = await loadProductDetail(ctx, pr.productId, 2, { type: 2, id });
  const deposits = Object.values(product.sku).map((s) => s.down_price);
  const minNum = deposits.sort((a, b) => (parseYuan(a) ?? 0) - (parseYuan(b) ?? 0))[0] ?? '0.00';
  // The limits a presale is bought by (cart-target.ts `targetRule`): no minimum, `pay_count` an order.
  return {
    ...presellFields(pr, now()),
    mer_id: product.mer_id,
    minNum,
    product: { ...product, once_min_count: 0, once_max_count: pr.payCount },
  };
}

/** A presale's own fields as its detail gives them (and checkout's `productPresell`): kind, state at `at`, windows, delivery. */
export function presellFields(pr: typeof presell.$inferSelect, at: Date): PresellTiming & { pay_count: number } {
  return {
    product_presell_id: pr.productPresellId,
    product_id: pr.productId,
    store_name: pr.storeName,
    presell_type: pr.presellType,
    presell_status: presellStatus(pr, at),
    start_time: formatDateTime(pr.startTime)!,
    end_time: formatDateTime(pr.endTime)!,
    final_start_time: formatDateTime(pr.finalStartTime),
    final_end_time: formatDateTime(pr.finalEndTime),
    delivery_type: pr.deliveryType,
    delivery_day: pr.deliveryDay,
    pay_count: pr.payCount,
  };
}
