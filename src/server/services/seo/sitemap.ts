import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { merchant, presell, product, seckillProduct, seckillTime } from '../../db/schema/index.ts';
import { ROUTES, url } from '../../../shared/routes.ts';
import type { ServiceContext } from '../context.ts';
import { notFound } from '../input.ts';
import { getCategoryTree, type CategoryNode } from '../catalogue/category-tree.ts';
import { now, mallDate } from '../dates.ts';
import type { SitemapEntry } from './sitemap-xml.ts';

/** URLs per shard: the protocol allows 50,000; smaller shards stay quick to build and to fetch. */
export const SHARD_SIZE = 10_000;

type Ctx = Pick<ServiceContext, 'db'>;

export interface SitemapOptions {
  /** URLs per product or store shard (tests use small shards). */
  shardSize?: number;
  /** Extra public pages with their dates (the agreement pages, known to the Astro content layer). */
  extraPages?: SitemapEntry[];
  /** The news articles (Astro content layer), listed in the `pages` shard as `/news_detail/<id>`. */
  news?: { article_id: number; created: Date }[];
}

/** A page a product or shop card links to only while the shop is open (the detail pages check the same). */
const shopOpen = (merId: PgColumn) => sql`exists (select 1 from ${merchant} where ${merchant.merId} = ${merId} and ${merchant.status})`;

/** A set of pages keyed by an integer id, sharded in id order. */
interface KeyedSet {
  table: PgTable;
  id: PgColumn;
  /** When an entry last changed (its `lastmod`). */
  changedAt: PgColumn;
  where: () => SQL;
  loc: (id: number) => string;
}

const SETS = {
  // What `/goods_detail/<id>` shows: a normal product on sale in an open shop (product-detail.ts).
  products: {
    table: product,
    id: product.productId,
    changedAt: product.updatedAt,
    where: () => sql`${product.status} = 1 and ${product.productType} = 0 and ${shopOpen(product.merId)}`,
    loc: (id) => url('goodsDetail', { id }),
  },
  stores: {
    table: merchant,
    id: merchant.merId,
    changedAt: merchant.createdAt,
    where: () => sql`${merchant.status}`,
    // url() reads `id` as a path parameter, and /store takes it from the query string.
    loc: (id) => `${ROUTES.store.path}?${new URLSearchParams({ id: String(id) })}`,
  },
} satisfies Record<string, KeyedSet>;
type KeyedName = keyof typeof SETS;

/**
 * The first id of every shard: each shard holds `size` consecutive visible ids, so all shards but the last
 * are full whatever the gaps in the id sequence. One pass over the visible ids, no OFFSET.
 */
async function shardStarts(ctx: Ctx, set: KeyedSet, size: number): Promise<number[]> {
  const numbered = ctx.db
    .select({ id: sql<number>`${set.id}`.as('id'), rn: sql<number>`row_number() over (order by ${set.id})`.as('rn') })
    .from(set.table)
    .where(set.where())
    .as('numbered');
  const rows = await ctx.db
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.rn} - 1) % ${sql.raw(String(size))} = 0`)
    .orderBy(asc(numbered.id));
  return rows.map((r) => Number(r.id));
}

/** Shard `n` (1-based): a keyset range [start n, start n+1) of visible ids; null past the last shard. */
async function keyedShard(ctx: Ctx, set: KeyedSet, n: number, size: number): Promise<SitemapEntry[] | null> {
  const starts = await shardStarts(ctx, set, size);
  const from = starts[n - 1];
  if (from === undefined) return null;
  const to = starts[n];
  const rows = await ctx.db
    .select({ id: sql<number>`${set.id}`, lastmod: sql<Date>`${set.changedAt}` })
    .from(set.table)
    .where(and(set.where(), gte(set.id, from), to !== undefined ? lt(set.id, to) : undefined))
    .orderBy(asc(set.id))
    .limit(size);
  return rows.map((r) => ({ loc: set.loc(Number(r.id)), lastmod: r.lastmod ? new Date(r.lastmod) : null }));
}

/** Every visible category of the tree, any level, as its canonical `/goods_cate?sid=<id>` page. */
async function categoryEntries(ctx: Ctx): Promise<SitemapEntry[]> {
  const walk = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...walk(n.children)]);
  const tree = await getCategoryTree(ctx);
  const nodes = walk(tree.list);
  // Each top-level category's best sellers too (/goods_ranking/{id}; the overall ranking is in `pages`).
  const rankings = tree.list.map((n) => ({ loc: url('goodsRankingCate', { id: n.store_category_id }) }));
  return [...nodes.map((n) => ({ loc: url('goodsCate', { sid: n.store_category_id }) })), ...rankings];
}

/** Flash-sale offers running today (date range) in an enabled session, and presales not yet ended. */
async function promotionEntries(ctx: Ctx, size: number): Promise<SitemapEntry[]> {
  const at = now();
  const today = mallDate(at);
  const [seckills, presells] = await Promise.all([
    ctx.db
      .select({ id: product.productId })
      .from(product)
      .innerJoin(seckillProduct, eq(seckillProduct.productId, product.productId))
      .innerJoin(seckillTime, eq(seckillTime.seckillTimeId, seckillProduct.seckillTimeId))
      .where(
        and(
          sql`${product.status} = 1 and ${product.productType} = 1`,
          shopOpen(product.merId),
          eq(seckillTime.status, true),
          lte(seckillProduct.startDay, today),
          gte(seckillProduct.endDay, today),
        ),
      )
      .orderBy(asc(product.productId))
      .limit(size),
    ctx.db
      .select({ id: presell.productPresellId, lastmod: presell.createdAt })
      .from(presell)
      .innerJoin(product, eq(product.productId, presell.productId))
      .where(
        and(
          eq(presell.status, true),
          sql`${product.status} = 1 and ${product.productType} = 2`,
          shopOpen(product.merId),
          gte(presell.endTime, at),
        ),
      )
      .orderBy(asc(presell.productPresellId))
      .limit(size),
  ]);
  return [
    ...seckills.map((r) => ({ loc: url('goodsSeckillDetail', { id: r.id }) })),
    ...presells.map((r) => ({ loc: url('goodsPresellDetail', { id: r.id }), lastmod: r.lastmod })),
  ].slice(0, size);
}

/** The curated lists of `/goods_list?type=`. */
export const CURATED_TYPES = ['best', 'hot', 'new', 'good'] as const;

/**
 * Public pages that take no id (the home page, the activity, shop and news lists, the overall ranking, the curated lists), the
 * extra content pages, then every news article. News stays in this shard: marketers write tens of articles,
 * not thousands.
 */
function pageEntries(extra: SitemapEntry[], news: NonNullable<SitemapOptions['news']>): SitemapEntry[] {
  const fixed = (['home', 'goodsSeckill', 'goodsPresell', 'couponCenter', 'shopStreet', 'newsList', 'goodsRanking'] as const).map((r) =>
    url(r),
  );
  const curated = CURATED_TYPES.map((type) => url('goodsList', { type }));
  const articles = [...news]
    .sort((a, b) => a.article_id - b.article_id)
    .map((a) => ({ loc: url('newsDetail', { id: a.article_id }), lastmod: a.created }));
  return [...[...fixed, ...curated].map((loc) => ({ loc })), ...extra, ...articles];
}

const shardName = z.object({
  name: z.string().regex(/^(?:(?:products|stores)-[1-9]\d{0,5}|categories|pages|promotions)$/, 'sitemap 不存在'),
});

/**
 * The shards of `/sitemap.xml`, in the order the index lists them: `pages`, `categories`, `promotions`,
 * then `stores-<n>` and `products-<n>` (as many as the visible shops and products need).
 */
export async function listSitemapShards(ctx: Ctx, opts: SitemapOptions = {}): Promise<string[]> {
  const size = opts.shardSize ?? SHARD_SIZE;
  const keyed = await Promise.all(
    (['stores', 'products'] as const).map(async (k) => (await shardStarts(ctx, SETS[k], size)).map((_, i) => `${k}-${i + 1}`)),
  );
  return ['pages', 'categories', 'promotions', ...keyed.flat()];
}

/** The URLs of one shard (paths; the caller joins them to the site base). Unknown shards are a 404. */
export async function getSitemapShard(ctx: Ctx, input: { name: string }, opts: SitemapOptions = {}): Promise<SitemapEntry[]> {
  const parsed = shardName.safeParse(input ?? {});
  if (!parsed.success) throw notFound('sitemap 不存在');
  const { name } = parsed.data;
  const size = opts.shardSize ?? SHARD_SIZE;
  if (name === 'pages') return pageEntries(opts.extraPages ?? [], opts.news ?? []);
  if (name === 'categories') return (await categoryEntries(ctx)).slice(0, size);
  if (name === 'promotions') return promotionEntries(ctx, size);
  const [kind, n] = name.split('-') as [KeyedName, string];
  const entries = await keyedShard(ctx, SETS[kind], Number(n), size);
  if (!entries) throw notFound('sitemap 不存在');
  return entries;
}
