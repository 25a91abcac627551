import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { product } from '../../db/schema/index.ts';
import { PRODUCT_ORDERS, type ProductOrder } from '../../../shared/schemas/catalogue.ts';
import { productOrder, visibleNormal } from './product-query.ts';
import type { ServiceContext } from '../context.ts';
import { cardColumns, toCards, type CardRow, type ProductCard } from './product-card.ts';
import { offsetOf, type Page } from '../input.ts';
import { cached, dropCached, CACHE_KEYS } from '../cache.ts';
import { prepareOnPglite } from '../../db/prepared.ts';

/**
 * Counting tens of thousands of matching rows costs more than the page itself on the embedded database,
 * and a pagination total a minute old is harmless: totals of at least this many rows are cached (see
 * cache.ts for the TTL). Smaller totals are cheap and always exact.
 */
export const COUNT_CACHE_MIN = 1000;

/** Builds the read-cache keys of listings (the SQL text of their filters), apart from the database's own. */
const keyDialect = new PgDialect();

/**
 * The read-cache key part of a filter or order: its SQL text and parameters. A listing builds it once for its count and
 * its page (and a read then builds its own SQL only when it runs), instead of each read building its whole query's SQL
 * for a key and again to run it.
 */
function sqlKey(part: SQL | undefined): string {
  if (!part) return '';
  const { sql: text, params } = keyDialect.sqlToQuery(part);
  return `${text}|${JSON.stringify(params)}`;
}

/**
 * `load`'s value through the read cache under `key`, kept only when it covers at least `COUNT_CACHE_MIN` products
 * (`size`) or `always` (a listing of a bounded set: `PreparedListing`): other narrow reads are cheap and always read.
 */
async function cachedIfBroad<T>(
  ctx: Pick<ServiceContext, 'db'>,
  key: string,
  load: () => Promise<T>,
  size: (value: T) => number,
  always = false,
): Promise<T> {
  const value = await cached(ctx.db, key, load);
  if (!always && size(value) < COUNT_CACHE_MIN) dropCached(ctx.db, key);
  return value;
}

/**
 * A listing whose plan does not depend on its parameters (a shop's products, by shop alone) names its reads, and they run
 * as prepared statements on PGlite (`prepareOnPglite`): `count` and `page` are the keys of its count and of its page in
 * the order asked for.
 */
export interface PreparedListing {
  count: string;
  page: string;
}

function countOf(ctx: Pick<ServiceContext, 'db'>, where: SQL | undefined, whereKey: string, prepared?: PreparedListing): Promise<number> {
  return cachedIfBroad(
    ctx,
    `${CACHE_KEYS.counts}${whereKey}`,
    async () => {
      const query = ctx.db.select({ count: sql<number>`count(*)::int` }).from(product).where(where);
      return (await (prepared ? prepareOnPglite(prepared.count, query) : query))[0]?.count ?? 0;
    },
    (count) => count,
    !!prepared,
  );
}

/** The card rows of the products matching `where` in `orderBy`, `limit` of them from `offset`. */
const cardRowsInOrder = (
  ctx: Pick<ServiceContext, 'db'>,
  where: SQL | undefined,
  orderBy: SQL[],
  offset: number,
  limit: number,
  prepared?: PreparedListing,
) => {
  const query = ctx.db
    .select(cardColumns)
    .from(product)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  // Drizzle leaves out `offset 0`: the first page is a statement of its own.
  return prepared ? prepareOnPglite(offset ? `${prepared.page}+offset` : prepared.page, query) : query;
};

/**
 * One page of product cards plus the total count for the same filter. A page of a filter matching at least
 * `COUNT_CACHE_MIN` products (a broad keyword or category: the database sorts all of them for each page) is kept in
 * the read cache with its count, dropped by any product change, and so is a page of a `prepared` listing whatever its
 * size (a leaf category's or a shop's whole list: a bounded set of keys, read by every uncached page of the shop or
 * category and by API clients paging it); other narrower filters are cheap and always read.
 */
export async function pageOfProducts(
  ctx: Pick<ServiceContext, 'db'>,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  limit: number,
  prepared?: PreparedListing,
): Promise<Page<ProductCard>> {
  const whereKey = sqlKey(where);
  const offset = offsetOf(page, limit);
  const read = () => cardRowsInOrder(ctx, where, orderBy, offset, limit, prepared);
  const count = await countOf(ctx, where, whereKey, prepared);
  const rows =
    count >= COUNT_CACHE_MIN || prepared
      ? await cached(ctx.db, `${CACHE_KEYS.pages}${whereKey}|${sqlKey(sql.join(orderBy, sql`, `))}|${offset}|${limit}`, read)
      : await read();
  return { count, list: await toCards(ctx, rows) };
}

/** How far into each order a keyword's ranking reaches (25 pages of 20); a page past it is read by SQL. */
export const RANKED_DEPTH = 500;

/** A keyword listing's total and its first `RANKED_DEPTH` product ids in each order. */
interface Ranking {
  count: number;
  ids: Record<ProductOrder, number[]>;
}

/**
 * The ranking of every product matching `where`, in every order, from ONE pass over them. A keyword's matches come
 * from the search-token index in no useful order, so the database read and sorted all of them for each page, each
 * order and the count apart (a broad keyword matches thousands: 6-8 ms each on PGlite); one pass sorting them six
 * ways costs about twice one page and serves every page, order and the total after it. Like a broad list's pages, a
 * ranking of at least `COUNT_CACHE_MIN` products is kept in the read cache (dropped by any product change); a
 * narrower one is read for each page.
 */
function rankingOf(ctx: Pick<ServiceContext, 'db'>, where: SQL | undefined): Promise<Ranking> {
  const depth = sql.raw(String(RANKED_DEPTH));
  const orders = PRODUCT_ORDERS.map(
    (o) => sql`to_json((array_agg(${product.productId} order by ${sql.join(productOrder(o), sql`, `)}))[1:${depth}])`,
  );
  const query = ctx.db
    .select({ count: sql<number>`count(*)::int`, ids: sql<(number[] | null)[]>`json_build_array(${sql.join(orders, sql`, `)})` })
    .from(product)
    .where(where);
  const load = async (): Promise<Ranking> => {
    const [row] = await query;
    return {
      count: row?.count ?? 0,
      ids: Object.fromEntries(PRODUCT_ORDERS.map((o, i) => [o, row?.ids[i] ?? []])) as Record<ProductOrder, number[]>,
    };
  };
  return cachedIfBroad(ctx, `${CACHE_KEYS.rankings}${sqlKey(where)}`, load, (ranking) => ranking.count);
}

/** The card rows of `ids` still on sale, in that order. */
async function cardRowsOf(ctx: Pick<ServiceContext, 'db'>, ids: number[]): Promise<CardRow[]> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(product)
    .where(and(visibleNormal, inArray(product.productId, ids)));
  const byId = new Map(rows.map((r) => [r.product_id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of a listing narrowed by a keyword (`where` includes `keywordMatch`): sliced from the listing's ranking
 * (`rankingOf`), or read by SQL past its depth. Same pages and total as `pageOfProducts` with `productOrder(order)`.
 */
export async function keywordPageOfProducts(
  ctx: Pick<ServiceContext, 'db'>,
  where: SQL | undefined,
  order: ProductOrder,
  page: number,
  limit: number,
): Promise<Page<ProductCard>> {
  const { count, ids } = await rankingOf(ctx, where);
  const offset = offsetOf(page, limit);
  const ranked = ids[order];
  if (offset >= count) return { count, list: [] };
  if (offset + limit > ranked.length && ranked.length < count) {
    return { count, list: await toCards(ctx, await cardRowsInOrder(ctx, where, productOrder(order), offset, limit)) };
  }
  const slice = ranked.slice(offset, offset + limit);
  const rows =
    count >= COUNT_CACHE_MIN
      ? await cached(ctx.db, `${CACHE_KEYS.pages}ids:${slice.join(',')}`, () => cardRowsOf(ctx, slice))
      : await cardRowsOf(ctx, slice);
  return { count, list: await toCards(ctx, rows) };
}

/**
 * A page of a product listing in `order`: ranked (`keywordPageOfProducts`) when a keyword narrows it, otherwise read
 * in order (`pageOfProducts`, which the list indexes serve).
 */
export function listingPage(
  ctx: Pick<ServiceContext, 'db'>,
  where: SQL | undefined,
  order: ProductOrder,
  page: number,
  limit: number,
  keyword: string,
  /** The name of a listing whose plan does not depend on its parameters: its reads are prepared (`PreparedListing`). */
  preparedAs?: string,
): Promise<Page<ProductCard>> {
  if (keyword) return keywordPageOfProducts(ctx, where, order, page, limit);
  const prepared = preparedAs ? { count: `${preparedAs}:count`, page: `${preparedAs}:${order}` } : undefined;
  return pageOfProducts(ctx, where, productOrder(order), page, limit, prepared);
}
