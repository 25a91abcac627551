import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { presell, product, productReply, seckillProduct } from '../../db/schema/index.ts';
import { reviewQuery, idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound, offsetOf } from '../input.ts';
import { formatDateTime } from '../dates.ts';
import { shows, tag } from '../cache-tags.ts';
import { PRODUCT_GONE } from './product-detail.ts';

const input = reviewQuery.extend({ id: idField('商品') });

export interface ReviewDto {
  reply_id: number;
  nickname: string;
  avatar: string;
  rate: number;
  comment: string;
  pics: string[];
  sku: string;
  create_time: string;
  merchant_reply_content: string | null;
  merchant_reply_time: string | null;
}

export interface ReviewPage {
  count: number;
  /** Share of good reviews (4-5 stars) in percent, one decimal; 100 when there are none. */
  rate: number;
  /** Average stars, one decimal; 5 when there are none. */
  star: number;
  stat: { count: number; best: number; middle: number; negative: number };
  list: ReviewDto[];
}

const FILTER: Record<string, SQL | undefined> = {
  count: undefined,
  best: gte(productReply.rate, 4),
  middle: eq(productReply.rate, 3),
  negative: lte(productReply.rate, 2),
};

/** Flash-sale and presale rows show the reviews of the product they sell. */
async function reviewedProductId(ctx: Pick<ServiceContext, 'db'>, id: number): Promise<number> {
  const [p] = await ctx.db.select({ type: product.productType }).from(product).where(eq(product.productId, id));
  if (!p) throw notFound(PRODUCT_GONE);
  if (p.type === 1) {
    const [s] = await ctx.db.select({ o: seckillProduct.originProductId }).from(seckillProduct).where(eq(seckillProduct.productId, id));
    return s?.o ?? id;
  }
  if (p.type === 2) {
    const [s] = await ctx.db.select({ o: presell.originProductId }).from(presell).where(eq(presell.productId, id));
    return s?.o ?? id;
  }
  return id;
}

async function statsOf(ctx: Pick<ServiceContext, 'db'>, productId: number) {
  const [s] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      best: sql<number>`(count(*) filter (where ${productReply.rate} >= 4))::int`,
      middle: sql<number>`(count(*) filter (where ${productReply.rate} = 3))::int`,
      negative: sql<number>`(count(*) filter (where ${productReply.rate} <= 2))::int`,
      avg: sql<string | null>`avg(${productReply.rate})::text`,
    })
    .from(productReply)
    .where(eq(productReply.productId, productId));
  return s!;
}

/**
 * `GET /api/store/product/reply/lst/{id}?type=count|best|middle|negative`: a product's reviews, newest
 * first, 20 per page, with the counts of the filter chips, the % satisfied and the average stars.
 */
export async function listReviews(
  ctx: Pick<ServiceContext, 'db'>,
  raw: { id: number | string; page?: number | string; limit?: number | string; type?: string },
  /**
   * A product page that already loaded a normal product (its own reviews) passes its id: no lookup; and its review
   * count: none, and there is nothing to read.
   */
  known?: { reviewedId: number; count?: number },
): Promise<ReviewPage> {
  const q = parseInput(input, raw);
  const productId = known?.reviewedId ?? (await reviewedProductId(ctx, q.id));
  // A flash-sale or presale page shows its origin product's reviews: a new review of that product drops it too.
  shows(tag('product', productId));
  if (known?.count === 0) return { count: 0, rate: 100, star: 5, stat: { count: 0, best: 0, middle: 0, negative: 0 }, list: [] };
  const where = and(eq(productReply.productId, productId), FILTER[q.type]);
  const [stat, rows, filtered] = await Promise.all([
    statsOf(ctx, productId),
    ctx.db
      .select()
      .from(productReply)
      .where(where)
      .orderBy(desc(productReply.createdAt), desc(productReply.replyId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    // Unfiltered, the total is the statistics' count.
    FILTER[q.type]
      ? ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(productReply)
          .where(where)
          .then((r) => r[0]?.n ?? 0)
      : null,
  ]);
  return {
    count: filtered ?? stat.count,
    rate: stat.count ? Math.round((stat.best / stat.count) * 1000) / 10 : 100,
    star: stat.avg ? Math.round(Number(stat.avg) * 10) / 10 : 5,
    stat: { count: stat.count, best: stat.best, middle: stat.middle, negative: stat.negative },
    list: rows.map((r) => ({
      reply_id: r.replyId,
      nickname: r.nickname,
      avatar: r.avatar,
      rate: r.rate,
      comment: r.comment,
      pics: r.pics,
      sku: r.sku,
      create_time: formatDateTime(r.createdAt)!,
      merchant_reply_content: r.merchantReplyContent,
      merchant_reply_time: formatDateTime(r.merchantReplyTime),
    })),
  };
}
