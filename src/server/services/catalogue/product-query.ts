import { and, asc, desc, getTableColumns, gte, ilike, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { product } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { merchantBriefs } from '../merchant/merchant-summary.ts';
import { queryTokens, keywordParts, filterToken } from '../../../shared/search-tokens.ts';
import type { ProductOrder } from '../../../shared/schemas/catalogue.ts';
import { likeContains } from '../../../shared/schemas/common.ts';

/**
 * A product's columns as pages and orders use them: all but its search and filter tokens (arrays of tens of texts each,
 * which only the list queries' WHERE reads). Reading them with a product's detail cost PGlite and the main thread their
 * text, parsing and copying for nothing: product pages at 20 connections used 7-12 % more CPU.
 */
const { searchTokens: _searchTokens, filterTokens: _filterTokens, ...productColumns } = getTableColumns(product);
export { productColumns };

/**
 * Building blocks of the product list queries. The visible-product predicate is written with constants
 * (not bind parameters) so the planner can match the partial list indexes (`WHERE status = 1 and
 * product_type = 0`) whatever plan it picks.
 */
export const visibleNormal = sql`${product.status} = 1 and ${product.productType} = 0`;

/**
 * Products of open shops, optionally of some shop types only. Built from the cached shop list (a few
 * hundred rows) as a plain id list, so the planner can walk the list indexes in order instead of hashing
 * the merchant table: with every shop open and no type filter there is no condition at all. A shop closed
 * in another process keeps its products listed for at most the cache TTL; detail pages and cart writes
 * check the shop in SQL.
 */
export async function openMerchants(ctx: Pick<ServiceContext, 'db'>, merTypeIds: number[] = []): Promise<SQL | undefined> {
  const shops = [...(await merchantBriefs(ctx)).values()];
  if (merTypeIds.length) {
    const ids = shops.filter((m) => m.status && merTypeIds.includes(m.mer_type_id)).map((m) => m.mer_id);
    return ids.length ? inArray(product.merId, ids) : sql`false`;
  }
  const closed = shops.filter((m) => !m.status).map((m) => m.mer_id);
  return closed.length ? notInArray(product.merId, closed) : undefined;
}

/**
 * Keyword match: the GIN-indexed token containment narrows the candidates, ILIKE re-checks each
 * whitespace-separated part against the name and keywords. The shared keyword schema admits no LIKE
 * wildcards (% _ \), so the parts go into the pattern as they are.
 */
export function keywordMatch(keyword: string): SQL | undefined {
  const parts = keywordParts(keyword);
  if (!parts.length) return undefined;
  const tokens = queryTokens(keyword);
  const tokenArray = sql`ARRAY[${sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  return and(
    tokens.length ? sql`${product.searchTokens} @> ${tokenArray}` : undefined,
    ...parts.map((p) => or(ilike(product.storeName, likeContains(p)), ilike(product.keyword, likeContains(p)))),
  );
}

/**
 * `filter_params` {parameter_id: [values]}: every listed parameter must have one of its values. Tested on
 * the product's own `filter_tokens` (GIN-indexed), so no join per parameter.
 */
export function paramFilters(filters: Record<string, string[]>): SQL[] {
  return Object.entries(filters)
    .filter(([, values]) => values.length)
    .map(
      ([id, values]) =>
        sql`${product.filterTokens} && ARRAY[${sql.join(
          values.map((v) => sql`${filterToken(id, v)}`),
          sql`, `,
        )}]::text[]`,
    );
}

/** A price range's two ends low to high: a range typed the wrong way round is read as the shopper meant it. */
export function orderedRange(on?: number, off?: number): [number | undefined, number | undefined] {
  return on !== undefined && off !== undefined && on > off ? [off, on] : [on, off];
}

export function priceBetween(on?: number, off?: number): SQL[] {
  const [lo, hi] = orderedRange(on, off);
  return [lo !== undefined ? gte(product.price, lo) : undefined, hi !== undefined ? lte(product.price, hi) : undefined].filter(
    (c): c is SQL => !!c,
  );
}

/** ORDER BY of each `order`; ties broken by id so pages never overlap. */
export function productOrder(order: ProductOrder): SQL[] {
  switch (order) {
    case 'sales':
      return [desc(product.sales), desc(product.productId)];
    case 'rate':
      return [desc(product.rate), desc(product.productId)];
    case 'price_asc':
      return [asc(product.price), asc(product.productId)];
    case 'price_desc':
      return [desc(product.price), desc(product.productId)];
    case 'is_new':
      return [desc(product.createdAt), desc(product.productId)];
    default:
      return [desc(product.sort), desc(product.productId)];
  }
}
