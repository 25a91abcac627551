import type { Db } from '../db/client.ts';

/**
 * A small process-local read cache for hot catalogue reads that are safe to serve slightly stale: the
 * category tree, brands, shop types, merchant summaries, home lists, flash-sale sessions, exchange rates.
 * Never for stock, coupon counts, relations or carts (those are read from the database every time).
 *
 * TTL: entries live `CATALOGUE_TTL_MS` (60 s) unless a shorter TTL is given. Writes in this process call
 * `invalidateCatalogue(db, prefix)` so changes show at once here; another app process sees them within the
 * TTL at worst, which is acceptable for these reads. Entries are per database handle (tests each have their
 * own), and a pending load is shared, so 20 concurrent requests on a cold key run the query once.
 */
export const CATALOGUE_TTL_MS = 60_000;
/** Entries per database handle; past it the oldest entry goes (keys such as counts per search are unbounded). */
export const CACHE_MAX_ENTRIES = 2000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** Returns the cached value of `key`, loading it with `load` when missing or expired. */
export function cached<T>(db: Db, key: string, load: () => PromiseLike<T>, ttlMs = CATALOGUE_TTL_MS): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  // A Drizzle query is a thenable that runs again on every `await`: keep the one settled promise instead.
  const value = Promise.resolve(load());
  cache.delete(key);
  cache.set(key, { expires: now + ttlMs, value });
  if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  // A failed load must not be served to later callers.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

const generations = new WeakMap<object, number>();

/**
 * A counter that every write in this process moves on (`invalidateCatalogue`, `noteWrite`): whatever was
 * built from the database before it (the visitor page cache, server/http/page-cache.ts) is stale.
 */
export function catalogueGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

/** Marks that data shown on public pages may have changed (a claim, a follow, a cart line, an order). */
export function noteWrite(db: Db): void {
  generations.set(db, catalogueGeneration(db) + 1);
}

/** Drops every entry whose key starts with `prefix` ('' = everything). Called by catalogue writes. */
export function invalidateCatalogue(db: Db, prefix = ''): void {
  noteWrite(db);
  const cache = caches.get(db);
  if (!cache) return;
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/** Forgets one entry (exact key). */
export function dropCached(db: Db, key: string): void {
  caches.get(db)?.delete(key);
}

/**
 * Cache key prefixes, so writers know what to invalidate:
 * - categories: a category added, renamed, hidden or moved (also `params:` and `brands:`);
 * - merchants / merchantTypes / merchantCategories: a shop opened, closed, renamed or re-typed (lists
 *   filter closed shops from this cache);
 * - hot / counts / couponSamples / params / brands: products added, hidden or re-flagged;
 * - seckill: the session schedule; rates: new exchange rates;
 * - shell: the site settings, home tabs and banners, hot keywords (read by every page's shell);
 * - couponFlags: which products and shops have a claimable coupon (coupon claims drop it);
 * - priceRules: the price notes; countries: country names of the locale picker.
 * Shopper-facing writes (follows, favourites, cart lines) touch none of these; a claim that takes the last
 * coupon drops couponFlags. Every write moves the generation on (`noteWrite`), which ends cached pages.
 */
export const CACHE_KEYS = {
  categories: 'categories',
  brands: 'brands:',
  merchants: 'merchants',
  merchantTypes: 'merchant-types',
  merchantCategories: 'merchant-categories',
  hot: 'hot:',
  seckill: 'seckill',
  rates: 'rates',
  params: 'params:',
  counts: 'count:',
  couponSamples: 'coupon-products:',
  shell: 'shell:',
  couponFlags: 'coupon-flags',
  priceRules: 'price-rules',
  countries: 'countries',
} as const;
