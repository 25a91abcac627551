import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { presell, product } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { presellListQuery, type PresellListQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, offsetOf, type Page } from '../input.ts';
import { now, formatDateTime } from '../dates.ts';
import { openMerchants } from '../catalogue/product-query.ts';
import { merchantBriefs, briefOf, type MerchantBrief } from '../merchant/merchant-summary.ts';
import { frameOf, liveFrames } from './activity-frames.ts';
import { presellStateIs, presellStatus, type PresellStatus, type PresellTiming } from './presell-state.ts';
import { shows, tag } from '../cache-tags.ts';

export interface PresellCard extends PresellTiming {
  /** Presell price (the cheapest SKU), yuan. */
  price: string;
  ot_price: string;
  image: string;
  product: { image: string; store_name: string };
  sales: number;
  stock: number;
  /** Smallest deposit (deposit presales), yuan. */
  down_price: string;
  merchant: MerchantBrief | null;
  /** The operator's activity frame over the picture (reference product-card convention), or ''. */
  border_pic: string;
}

const ORDER: Record<PresellStatus, SQL[]> = {
  0: [asc(presell.startTime), asc(presell.productPresellId)],
  1: [asc(presell.endTime), asc(presell.productPresellId)],
  2: [desc(presell.endTime), desc(presell.productPresellId)],
};

/** `GET /api/store/product/presell/lst?type=0|1|2`: presales not started, in progress or ended, 16 per page. */
export async function listPresells(ctx: Pick<ServiceContext, 'db'>, input: PresellListQuery = {}): Promise<Page<PresellCard>> {
  const q = parseInput(presellListQuery, input);
  shows('product', 'promotion', 'frame');
  const at = now();
  const state = q.type as PresellStatus;
  const where = and(
    eq(presell.status, true),
    sql`${product.status} = 1 and ${product.productType} = 2`,
    await openMerchants(ctx),
    presellStateIs(state, at),
  );
  const downPrice = sql<number>`(select coalesce(min(down_price), 0) from product_sku where product_id = ${product.productId})::int`;
  const [rows, counted, briefs, frames] = await Promise.all([
    ctx.db
      .select({
        pr: presell,
        p: {
          image: product.image,
          price: product.price,
          otPrice: product.otPrice,
          sales: product.sales,
          stock: product.stock,
          merId: product.merId,
          cateId: product.cateId,
        },
        down: downPrice,
      })
      .from(presell)
      .innerJoin(product, eq(product.productId, presell.productId))
      .where(where)
      .orderBy(...ORDER[state])
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(presell)
      .innerJoin(product, eq(product.productId, presell.productId))
      .where(where),
    merchantBriefs(ctx),
    liveFrames(ctx),
  ]);
  shows(...new Set(rows.map((r) => tag('merchant', r.p.merId))));
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map(({ pr, p, down }) => ({
      product_presell_id: pr.productPresellId,
      product_id: pr.productId,
      store_name: pr.storeName,
      price: toYuan(p.price),
      ot_price: toYuan(p.otPrice),
      image: p.image,
      product: { image: p.image, store_name: pr.storeName },
      presell_type: pr.presellType,
      presell_status: presellStatus(pr, at),
      start_time: formatDateTime(pr.startTime)!,
      end_time: formatDateTime(pr.endTime)!,
      final_start_time: formatDateTime(pr.finalStartTime),
      final_end_time: formatDateTime(pr.finalEndTime),
      delivery_type: pr.deliveryType,
      delivery_day: pr.deliveryDay,
      sales: p.sales,
      stock: p.stock,
      down_price: toYuan(down),
      merchant: briefOf(briefs.get(p.merId)),
      border_pic: frameOf(frames, { product_id: pr.productId, mer_id: p.merId, cate_id: p.cateId }, at.getTime()),
    })),
  };
}
