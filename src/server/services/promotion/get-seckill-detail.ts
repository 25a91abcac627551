import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { seckillProduct, seckillTime } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { now } from '../dates.ts';
import { loadProductDetail, PRODUCT_GONE, type ProductDetail } from '../catalogue/product-detail.ts';
import { offerStatus, sessionStop, type SeckillStatus } from './seckill-clock.ts';

export interface SeckillDetail extends ProductDetail {
  seckill_status: SeckillStatus;
  /** Unix seconds when today's session stops (the countdown target while running). */
  stop_time: number;
  seckill_time_id: number;
  start_time: number;
  end_time: number;
  start_day: string;
  end_day: string;
  once_pay_count: number;
  all_pay_count: number;
  origin_product_id: number;
}

/** Loads a flash-sale offer's settings and session, or 404. */
export async function loadSeckillOffer(ctx: Pick<ServiceContext, 'db'>, productId: number) {
  const [row] = await ctx.db
    .select({ s: seckillProduct, t: seckillTime })
    .from(seckillProduct)
    .innerJoin(seckillTime, eq(seckillTime.seckillTimeId, seckillProduct.seckillTimeId))
    .where(eq(seckillProduct.productId, productId));
  if (!row) throw notFound(PRODUCT_GONE);
  return { ...row, status: offerStatus({ ...row.t, startDay: row.s.startDay, endDay: row.s.endDay }, now()) };
}

/**
 * `GET /api/store/product/seckill/detail/{id}`: the product detail of a flash-sale offer (activity price and
 * stock in its SKUs) with `seckill_status` (1 running, 0 upcoming, -1 ended) and the purchase limits.
 */
export async function getSeckillDetail(ctx: ServiceContext, input: { id: number | string }): Promise<SeckillDetail> {
  const { id } = parseInput(z.object({ id: idField('商品') }), input);
  const offer = await loadSeckillOffer(ctx, id);
  const detail = await loadProductDetail(ctx, id, 1);
  return {
    ...detail,
    // The limits a flash sale is bought by (cart-target.ts `targetRule`): no minimum, `once_pay_count` an order, not the
    // offer row's copy of the product's own.
    once_min_count: 0,
    once_max_count: offer.s.oncePayCount,
    seckill_status: offer.status,
    stop_time: sessionStop(offer.t, now()),
    seckill_time_id: offer.t.seckillTimeId,
    start_time: offer.t.startTime,
    end_time: offer.t.endTime,
    start_day: offer.s.startDay,
    end_day: offer.s.endDay,
    once_pay_count: offer.s.oncePayCount,
    all_pay_count: offer.s.allPayCount,
    origin_product_id: offer.s.originProductId,
  };
}
