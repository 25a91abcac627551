import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { presell, product, productReply, seckillProduct } from '../../db/schema/index.ts';
import { reviewQuery, idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound, offsetOf } from '../input.ts';
import { formatDateTime } from '../dates.ts';
import { shows, tag } from '../cache-tags.ts';
import { prepareOnPglite } from '../../db/prepared.ts';
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

type ReviewTuple = [number, string, string, number, string, string[], string, string, string | null, string | null];

/**
 * The statistics of a product's reviews, the filtered total and one page of them, in one query (each query costs
 * PGlite a fixed ~0.5 ms): the page as JSON arrays in the column order of `ReviewTuple`.
 */
async function readReviews(ctx: Pick<ServiceContext, 'db'>, productId: number, type: string, limit: number, offset: number) {
  const filter = FILTER[type];
  const where = and(eq(productReply.productId, productId), filter);
  const [s] = await prepareOnPglite(
    `reviews:${type}`,
    ctx.db
      .select({
        count: sql<number>`count(*)::int`,
        best: sql<number>`(count(*) filter (where ${productReply.rate} >= 4))::int`,
        middle: sql<number>`(count(*) filter (where ${productReply.rate} = 3))::int`,
        negative: sql<number>`(count(*) filter (where ${productReply.rate} <= 2))::int`,
        avg: sql<string | null>`avg(${productReply.rate})::text`,
        // Unfiltered, the total is the statistics' count.
        filtered: filter ? sql<number>`(select count(*)::int from ${productReply} where ${where})` : sql<null>`null`,
        page: sql<ReviewTuple[]>`(select coalesce(json_agg(json_build_array(r.reply_id, r.nickname, r.avatar, r.rate, r.comment, r.pics,
        r.sku, r.created_at, r.merchant_reply_content, r.merchant_reply_time) order by r.created_at desc, r.reply_id desc), '[]')
        from (select * from ${productReply} where ${where}
        order by ${productReply.createdAt} desc, ${productReply.replyId} desc limit ${limit} offset ${offset}) r)`,
      })
      .from(productReply)
      .where(eq(productReply.productId, productId)),
  );
  return s!;
}

const timeOf = (iso: string | null) => (iso === null ? null : formatDateTime(new Date(iso)));

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
  const stat = await readReviews(ctx, productId, q.type, q.limit, offsetOf(q.page, q.limit));
  return {
    count: stat.filtered ?? stat.count,
    rate: stat.count ? Math.round((stat.best / stat.count) * 1000) / 10 : 100,
    star: stat.avg ? Math.round(Number(stat.avg) * 10) / 10 : 5,
    stat: { count: stat.count, best: stat.best, middle: stat.middle, negative: stat.negative },
    list: stat.page.map(([reply_id, nickname, avatar, rate, comment, pics, sku, created, replyContent, replyTime]) => ({
      reply_id,
      nickname,
      avatar,
      rate,
      comment,
      pics,
      sku,
      create_time: timeOf(created)!,
      merchant_reply_content: replyContent,
      merchant_reply_time: timeOf(replyTime),
    })),
  };
}
