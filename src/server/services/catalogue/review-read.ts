import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { product, productReply } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { prepareOnPglite } from '../../db/prepared.ts';
import { reviewQuery } from '../../../shared/schemas/catalogue.ts';
import { offsetOf } from '../input.ts';

const FILTER: Record<string, SQL | undefined> = {
  count: undefined,
  best: gte(productReply.rate, 4),
  middle: eq(productReply.rate, 3),
  negative: lte(productReply.rate, 2),
};

/** A review as a JSON array, in this column order. */
export type ReviewTuple = [number, string, string, number, string, string[], string, string, string | null, string | null];

/** A product's review statistics, the filtered total (null unfiltered) and one page. */
export interface ReviewStats {
  count: number;
  best: number;
  middle: number;
  negative: number;
  avg: string | null;
  filtered: number | null;
  page: ReviewTuple[];
}

/** The review query's defaults: all reviews, newest first, the first page (what blanks parse to). */
export const REVIEW_DEFAULTS = reviewQuery.parse({});
/** The reviews a product page first shows: the review query's defaults (all of them, newest first, the first page). */
export const FIRST_REVIEWS = {
  type: REVIEW_DEFAULTS.type,
  limit: REVIEW_DEFAULTS.limit,
  offset: offsetOf(REVIEW_DEFAULTS.page, REVIEW_DEFAULTS.limit),
};

/** The expressions of `ReviewStats` over the reviews of `productId` (a number, or a column of an outer query). */
function statsFields(productId: number | typeof product.productId, type: string, limit: number, offset: number) {
  const filter = FILTER[type];
  const where = and(eq(productReply.productId, productId), filter);
  return {
    count: sql<number>`count(*)::int`,
    best: sql<number>`(count(*) filter (where ${productReply.rate} >= 4))::int`,
    middle: sql<number>`(count(*) filter (where ${productReply.rate} = 3))::int`,
    negative: sql<number>`(count(*) filter (where ${productReply.rate} <= 2))::int`,
    avg: sql<string | null>`avg(${productReply.rate})::text`,
    // Unfiltered, the total is the statistics' count.
    filtered: filter ? sql<number | null>`(select count(*)::int from ${productReply} where ${where})` : sql<null>`null`,
    page: sql<ReviewTuple[]>`(select coalesce(json_agg(json_build_array(r.reply_id, r.nickname, r.avatar, r.rate, r.comment, r.pics,
        r.sku, r.created_at, r.merchant_reply_content, r.merchant_reply_time) order by r.created_at desc, r.reply_id desc), '[]')
        from (select * from ${productReply} where ${where}
        order by ${productReply.createdAt} desc, ${productReply.replyId} desc limit ${limit} offset ${offset}) r)`,
  };
}

/**
 * The statistics of a product's reviews, the filtered total and one page of them, in one query (each query costs
 * PGlite a fixed ~0.5 ms): the page as JSON arrays in the column order of `ReviewTuple`.
 */
export async function readReviews(
  ctx: Pick<ServiceContext, 'db'>,
  productId: number,
  type: string,
  limit: number,
  offset: number,
): Promise<ReviewStats> {
  const [s] = await prepareOnPglite(
    `reviews:${type}`,
    ctx.db
      .select(statsFields(productId, type, limit, offset))
      .from(productReply)
      .where(eq(productReply.productId, productId)),
  );
  return s!;
}

/**
 * `FIRST_REVIEWS` of the product a query over `product` reads, as one JSON column of it: a product page reads its
 * product and the reviews it shows in one round trip.
 */
export function firstReviewsColumn(): SQL<ReviewStats> {
  const fields = statsFields(product.productId, FIRST_REVIEWS.type, FIRST_REVIEWS.limit, FIRST_REVIEWS.offset);
  const pairs = Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`);
  return sql<ReviewStats>`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${productReply}
    where ${eq(productReply.productId, product.productId)})`;
}
