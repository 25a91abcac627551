import { eq } from 'drizzle-orm';
import { presell, product, seckillProduct } from '../../db/schema/index.ts';
import { reviewQuery, idField } from '../../../shared/schemas/catalogue.ts';
import { blank } from '../../../shared/schemas/common.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound, offsetOf } from '../input.ts';
import { formatDateTime } from '../dates.ts';
import { shows, tag } from '../cache-tags.ts';
import { FIRST_REVIEWS, REVIEW_DEFAULTS, readReviews, type ReviewStats } from './review-read.ts';
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

/** Flash-sale and presale rows show the reviews of the product they sell (product-detail.ts `soldProductId`). */
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
  known?: { reviewedId: number; count?: number; first?: ReviewStats },
): Promise<ReviewPage> {
  // A product page's first view (no filter, no page) is the query's defaults: no zod parse (about 25 µs of its render).
  const q =
    known && blank(raw.type) && blank(raw.page) && blank(raw.limit) ? { ...REVIEW_DEFAULTS, id: known.reviewedId } : parseInput(input, raw);
  const productId = known?.reviewedId ?? (await reviewedProductId(ctx, q.id));
  // A flash-sale or presale page shows its origin product's reviews: a new review of that product drops it too.
  shows(tag('product', productId));
  if (known?.count === 0) return { count: 0, rate: 100, star: 5, stat: { count: 0, best: 0, middle: 0, negative: 0 }, list: [] };
  const offset = offsetOf(q.page, q.limit);
  // The reviews a product page first shows may have come with its product (review-read.ts `firstReviewsColumn`).
  const first = known?.first && q.type === FIRST_REVIEWS.type && q.limit === FIRST_REVIEWS.limit && offset === FIRST_REVIEWS.offset;
  const stat = first ? known.first! : await readReviews(ctx, productId, q.type, q.limit, offset);
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
