import type { Db } from '../db/client.ts';
import { afterCommit, inTransaction, rootOf } from '../db/transaction.ts';
import { ALL, COUPON_FLAGS, TagIndex, collectShown, shows, tagsMatch, type Tag } from './cache-tags.ts';

/**
 * A small process-local read cache for hot catalogue reads that are safe to serve slightly stale: the
 * category tree, brands, shop types, merchant summaries, home lists, flash-sale sessions, exchange rates.
 * Never for stock, coupon counts, relations or carts (those are read from the database every time).
 *
 * TTL: entries live `CATALOGUE_TTL_MS` (60 s) unless a shorter TTL is given. Entries are per database handle
 * (tests each have their own), and a pending load is shared, so 20 concurrent requests on a cold key run the
 * query once.
 *
 * Invalidation: each entry carries tags (cache-tags.ts): those of its key group (`KEY_TAGS`) plus every tag
 * its load showed (cards read inside it name their shops and coupon markers). A write calls
 * `invalidate(db, tags)`, which drops the matching entries and visitor pages (server/http/page-cache.ts)
 * here, and through the cache bus (server/http/cache-bus.ts) in every other process on the same PostgreSQL.
 * `invalidateCatalogue(db, prefix)` drops a key group (tests, bulk changes).
 */
export const CATALOGUE_TTL_MS = 60_000;
/** Entries per database handle; past it the oldest entry goes (keys such as counts per search are unbounded). */
export const CACHE_MAX_ENTRIES = 2000;
/** Changes remembered per database, so a render or load that began before one of them is not kept. */
const RECENT_CHANGES = 256;

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** What readers of this entry show (recorded into the reader's page). */
  shows: string[] | null;
}

interface Change {
  seq: number;
  tags: readonly string[];
}

/** Everything cached for one database handle. */
interface State {
  reads: Map<string, Entry>;
  index: TagIndex;
  seq: number;
  recent: Change[];
  listeners: Set<(changed: readonly string[]) => void>;
  publish?: (changed: readonly string[]) => void;
}

const states = new WeakMap<object, State>();

function stateOf(db: Db): State {
  let s = states.get(db);
  if (!s) {
    s = { reads: new Map(), index: new TagIndex(), seq: 0, recent: [], listeners: new Set() };
    states.set(db, s);
  }
  return s;
}

function dropRead(s: State, key: string): void {
  s.reads.delete(key);
  s.index.delete(key);
}

/**
 * Returns the cached value of `key`, loading it with `load` when missing or expired. The reader's page
 * shows the entry's tags, or `opts.shows` instead when it shows only part of the value (and names that part
 * itself, like product cards naming their own shops out of all shop summaries). `opts.until` gives the moment (ms) a
 * loaded value stops being true by the clock, when that comes before the TTL.
 */
export function cached<T>(
  db: Db,
  key: string,
  load: () => PromiseLike<T>,
  ttlMs = CATALOGUE_TTL_MS,
  opts: { shows?: Tag[]; until?: (value: T) => number } = {},
): Promise<T> {
  const s = stateOf(db);
  const now = Date.now();
  let hit = s.reads.get(key);
  if (!hit || hit.expires <= now) {
    const base = tagsOfKey(key);
    const seen = new Set<string>(base);
    const since = s.seq;
    // A Drizzle query is a thenable that runs again on every `await`: keep the one settled promise instead.
    const value = collectShown(seen, () => Promise.resolve(load()));
    const entry: Entry = { expires: now + ttlMs, value, shows: null };
    hit = entry;
    dropRead(s, key);
    s.reads.set(key, entry);
    s.index.add(key, base);
    if (s.reads.size > CACHE_MAX_ENTRIES) dropRead(s, s.reads.keys().next().value!);
    value.then(
      (v) => {
        // A value that goes out of date at a moment of its own (a coupon's end) expires then, if sooner.
        if (opts.until) entry.expires = Math.min(entry.expires, opts.until(v as T));
        // Readers of a value dropped meanwhile still show everything it was built from.
        entry.shows = [...seen];
        if (s.reads.get(key) !== entry) return;
        // A change to what the load read, made while it ran, leaves the value stale: serve it this once only.
        if (changedSince(db, since, seen)) dropRead(s, key);
        else s.index.add(key, seen);
      },
      // A failed load must not be served to later callers.
      () => {
        if (s.reads.get(key) === entry) dropRead(s, key);
      },
    );
  }
  const entry = hit;
  return (entry.value as Promise<T>).then((v) => {
    shows(...((opts.shows ?? entry.shows ?? tagsOfKey(key)) as Tag[]));
    return v;
  });
}

/**
 * Says that `changed` (tags: cache-tags.ts) changed in the database: drops the cached reads and visitor
 * pages that show it, here and (through the cache bus) in every other process. Call it after the
 * transaction committed; called inside a transaction, it waits for the outermost commit (and is dropped by a
 * rollback). A change with no tags (a cart line, a session, a code) drops nothing.
 */
export function invalidate(db: Db, changed: readonly Tag[]): void {
  if (!changed.length) return;
  if (inTransaction(db)) {
    afterCommit(db, () => invalidate(rootOf(db), changed));
    return;
  }
  applyChange(db, changed);
  stateOf(db).publish?.(changed);
}

/** Applies a change in this process only (the cache bus calls it for changes made by other processes). */
export function applyChange(db: Db, changed: readonly string[]): void {
  const s = stateOf(db);
  for (const key of s.index.matching(changed)) dropRead(s, key);
  s.recent.push({ seq: ++s.seq, tags: changed });
  if (s.recent.length > RECENT_CHANGES) s.recent.shift();
  for (const listener of s.listeners) listener(changed);
}

/** The number of changes applied so far: pass it to `changedSince` after a render. */
export function changeSequence(db: Db): number {
  return stateOf(db).seq;
}

/** Whether a change applied after `since` matches `shown` (true when too many changes happened to tell). */
export function changedSince(db: Db, since: number, shown: Iterable<string>): boolean {
  const s = stateOf(db);
  if (s.seq === since) return false;
  if (!s.recent.length || s.recent[0]!.seq > since + 1) return true;
  const changed = s.recent.filter((c) => c.seq > since).flatMap((c) => c.tags);
  return tagsMatch(shown, changed);
}

/** Calls `listener` with every change applied to `db` (the visitor page cache drops its pages). */
export function onChange(db: Db, listener: (changed: readonly string[]) => void): void {
  stateOf(db).listeners.add(listener);
}

/** Sends every change made through `invalidate` on `db` to other processes (the cache bus). */
export function publishChanges(db: Db, publish: ((changed: readonly string[]) => void) | undefined): void {
  stateOf(db).publish = publish;
}

/** Drops every entry whose key starts with `prefix` ('' = everything), and the pages showing that data. */
export function invalidateCatalogue(db: Db, prefix = ''): void {
  const s = stateOf(db);
  for (const key of [...s.reads.keys()]) if (key.startsWith(prefix)) dropRead(s, key);
  invalidate(db, prefix ? tagsOfPrefix(prefix) : [ALL]);
}

/** Forgets one entry (exact key). */
export function dropCached(db: Db, key: string): void {
  const s = states.get(db);
  if (s) dropRead(s, key);
}

/**
 * Cache key prefixes, so writers know what to invalidate:
 * - categories: a category added, renamed, hidden or moved (also `params:` and `brands:`);
 * - merchantCards: one shop's card and carousel (product and shop pages), dropped by a change naming that shop;
 * - merchantRecommend: a shop's best sellers (product pages), dropped by any product change;
 * - merchantTrees: a shop's own category tree, dropped by a change naming that shop;
 * - merchantLists: a page of a shop list (shop street, search strips), dropped by any shop or product change;
 * - merchants / merchantTypes / merchantCategories: a shop opened, closed, renamed or re-typed (lists
 *   filter closed shops from this cache);
 * - hot / counts / pages / rankings / couponSamples / params / brands: products added, hidden or re-flagged (`pages`:
 *   a page of a broad product list, `rankings`: a keyword listing's ids in each order, as product-page.ts keeps them);
 * - seckill: the session schedule; rates: new exchange rates;
 * - shell: the site settings, home tabs and banners, hot keywords (read by every page's shell);
 * - couponFlags: which products and shops have a claimable coupon (coupon claims drop it);
 * - priceRules: the price notes; countries: country names of the locale picker;
 * - frames: the operator's activity frames not yet ended (the operator's changes drop it);
 * - shipping: what a shipping template says on product pages, dropped by a change to that template;
 * - shopCoupons: a shop's claimable shop coupons as product pages show them (seconds; list-merchant-coupons.ts).
 * Writers name what they changed with tags (`invalidate`); `KEY_TAGS` says which tags drop which group.
 */
export const CACHE_KEYS = {
  categories: 'categories',
  brands: 'brands:',
  merchants: 'merchants',
  merchantCards: 'merchant-card:',
  merchantRecommend: 'merchant-recommend:',
  merchantTrees: 'merchant-tree:',
  merchantLists: 'merchant-list:',
  merchantTypes: 'merchant-types',
  merchantCategories: 'merchant-categories',
  hot: 'hot:',
  hotRanking: 'hot-ranking:',
  seckill: 'seckill',
  rates: 'rates',
  params: 'params:',
  counts: 'count:',
  pages: 'page:',
  rankings: 'ranking:',
  couponSamples: 'coupon-products:',
  shell: 'shell:',
  couponFlags: 'coupon-flags',
  priceRules: 'price-rules',
  countries: 'countries',
  frames: 'frames',
  shipping: 'shipping:',
  shopCoupons: 'shop-coupons:',
} as const;

/** What each key group shows: a change naming one of these drops the group's entries. */
const KEY_TAGS: Record<keyof typeof CACHE_KEYS, Tag[]> = {
  categories: ['category'],
  brands: ['category', 'product'],
  merchants: ['merchant'],
  // Each card shows its own shop (`merchant:<id>`, named by its load): a change to another shop keeps it.
  merchantCards: [],
  merchantRecommend: ['product'],
  merchantTrees: [],
  // A list's members, order (sales, scores, followers) and best sellers change with any shop or product.
  merchantLists: ['merchant', 'product'],
  merchantTypes: ['merchant'],
  merchantCategories: ['merchant'],
  hot: ['product'],
  // A ranking's members and order change with any product; its category's leaves with the category tree.
  hotRanking: ['product', 'category'],
  seckill: ['promotion'],
  rates: ['rates'],
  params: ['category', 'product'],
  counts: ['product'],
  pages: ['product'],
  rankings: ['product'],
  couponSamples: ['coupon', 'product'],
  shell: ['site'],
  couponFlags: [COUPON_FLAGS],
  priceRules: ['price-rule'],
  countries: ['locale'],
  frames: ['frame'],
  // Each entry shows its own template (`shipping:<id>`, named by its load): a change to another template keeps it.
  shipping: [],
  // Each entry shows its shop's coupon list and each coupon it lists (named by its load).
  shopCoupons: [],
};

const GROUPS = Object.entries(CACHE_KEYS) as [keyof typeof CACHE_KEYS, string][];

/** The tags of a key's group; a key outside every group is dropped by any change. */
export function tagsOfKey(key: string): Tag[] {
  let best: keyof typeof CACHE_KEYS | undefined;
  for (const [name, prefix] of GROUPS) {
    if (key.startsWith(prefix) && (!best || prefix.length > CACHE_KEYS[best].length)) best = name;
  }
  return best ? KEY_TAGS[best] : [ALL];
}

/** The tags of every group a key prefix covers (or is inside of). */
function tagsOfPrefix(prefix: string): Tag[] {
  const groups = GROUPS.filter(([, p]) => p.startsWith(prefix));
  if (!groups.length) return tagsOfKey(prefix);
  return [...new Set(groups.flatMap(([name]) => KEY_TAGS[name]))];
}
