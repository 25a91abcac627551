import { sql, type SQL } from 'drizzle-orm';
import { product } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cardColumns, toCards, type ProductCard } from './product-card.ts';
import { offsetOf, type Page } from '../input.ts';
import { cached, dropCached, CACHE_KEYS } from '../cache.ts';

/**
 * Counting tens of thousands of matching rows costs more than the page itself on the embedded database,
 * and a pagination total a minute old is harmless: totals of at least this many rows are cached (see
 * cache.ts for the TTL). Smaller totals are cheap and always exact.
 */
export const COUNT_CACHE_MIN = 1000;

async function countOf(ctx: Pick<ServiceContext, 'db'>, where: SQL | undefined): Promise<number> {
  const query = ctx.db.select({ count: sql<number>`count(*)::int` }).from(product).where(where);
  const { sql: text, params } = query.toSQL();
  const key = `${CACHE_KEYS.counts}${text}|${JSON.stringify(params)}`;
  const count = await cached(ctx.db, key, async () => (await query)[0]?.count ?? 0);
  if (count < COUNT_CACHE_MIN) dropCached(ctx.db, key);
  return count;
}

/**
 * One page of product cards plus the total count for the same filter. A page of a filter matching at least
 * `COUNT_CACHE_MIN` products (a broad keyword or category: the database sorts all of them for each page) is kept in
 * the read cache with its count, dropped by any product change; narrower filters are cheap and always read.
 */
export async function pageOfProducts(
  ctx: Pick<ServiceContext, 'db'>,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  limit: number,
): Promise<Page<ProductCard>> {
  const query = ctx.db
    .select(cardColumns)
    .from(product)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offsetOf(page, limit));
  const count = await countOf(ctx, where);
  let rows: Awaited<typeof query>;
  if (count >= COUNT_CACHE_MIN) {
    const { sql: text, params } = query.toSQL();
    rows = await cached(ctx.db, `${CACHE_KEYS.pages}${text}|${JSON.stringify(params)}`, () => query);
  } else rows = await query;
  return { count, list: await toCards(ctx, rows) };
}
