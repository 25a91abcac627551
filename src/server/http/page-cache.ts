import type { Db } from '../db/client.ts';
import { changedSince, changeSequence, onChange } from '../services/cache.ts';
import { ALL, TagIndex } from '../services/cache-tags.ts';
import type { Encoding } from './encoded-page.ts';

/**
 * A short-lived cache of the HTML that visitors (no session) get for public catalogue pages: the same URL,
 * locale and banner cookie always render the same page for every visitor, so under load most of them are
 * served from memory instead of re-reading the database and re-rendering.
 *
 * Freshness:
 * - an entry lives `PAGE_CACHE_TTL` seconds (default 10; 0 turns the cache off);
 * - a page whose content changes at a known moment (a countdown reaching zero, a flash-sale session
 *   starting) sets `locals.pageCacheUntil` and its entry ends then;
 * - a page keeps the tags of what it showed (read verbs call `shows`, server/services/cache-tags.ts, while
 *   it renders); a write naming one of them (`invalidate` in server/services/cache.ts) drops it at once, in
 *   this process and, through the cache bus, in every other process on the same PostgreSQL. A page whose
 *   render overlapped such a write is sent but not kept. Writes that change nothing a visitor sees (a cart
 *   line, a sign-in) name nothing and drop nothing.
 * Signed-in shoppers, requests with a token, other methods than GET and answers other than a plain 200 page
 * are never cached. The key holds every cookie these pages read (`locale`, `top_banner<id>`): a page that
 * starts reading another request cookie or header must add it to `keyOf`.
 */
export const PAGE_CACHE_TTL_MS = Math.max(0, Number(process.env.PAGE_CACHE_TTL ?? 10)) * 1000;
export const PAGE_CACHE_MAX_ENTRIES = 1000;
/** Pages larger than this are not kept (a runaway page must not fill memory). */
export const PAGE_CACHE_MAX_BYTES = 512 * 1024;
/** All pages kept together (per database): made-up query strings cannot grow the cache past it. */
export const PAGE_CACHE_MAX_TOTAL_BYTES = 48 * 1024 * 1024;

/** Public pages whose HTML (for visitors) depends only on the URL, the locale and the banner cookie. */
const CACHEABLE = new RegExp(
  '^/(?:|goods_(?:cate|list|search|coupon|seckill|presell)|coupon_center|shop_street|shop_more|news_list|privacy_agreement' +
    '|partials/home-sections|store(?:/category|/storeCoupon)?|(?:goods_detail|goods_seckill_detail|goods_presell_detail|news_detail)/[^/]+)$',
);

/**
 * Of those, the pages rendered for each signed-in shopper: their recommendations (`goods_list`) and the coupon pages,
 * whose every card is a claim state. On the others a signed-in shopper shares the visitor page: what differs per
 * shopper there is the header (put in by server/http/shopper-page.ts) and the marks the browser fills in from
 * `/api/user/marks` (favourites, follows, claimed coupons).
 */
const PER_SHOPPER = /^\/(?:goods_list|goods_coupon|coupon_center|store\/storeCoupon)$/;

/** A kept page: its body and headers as they were first sent. */
export interface Entry {
  expires: number;
  body: ArrayBuffer;
  headers: [string, string][];
  /** A page of a kind most of whose kept copies are seen once (`Rendered.seenOnce`). */
  seenOnce?: boolean;
}

/** The pages of one database, oldest first, with their total size. */
class PageStore {
  private entries = new Map<string, Entry>();
  private index = new TagIndex();
  bytes = 0;

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.byteLength;
    this.entries.delete(key);
    this.index.delete(key);
  }

  /** Drops the pages showing anything `changed` names. */
  drop(changed: readonly string[]): void {
    for (const key of this.index.matching(changed)) this.delete(key);
  }

  /** Adds (or renews) a page showing `tags`, then drops the oldest ones past the entry and byte budgets. */
  set(key: string, entry: Entry, tags: Iterable<string>): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.index.add(key, tags);
    this.bytes += entry.body.byteLength;
    while (this.entries.size > PAGE_CACHE_MAX_ENTRIES || this.bytes > PAGE_CACHE_MAX_TOTAL_BYTES) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bodies of pages that expired, by key, oldest first: a render of the same page again may be byte for byte the same. */
  private expired = new Map<string, ArrayBuffer>();
  private expiredBytes = 0;

  /** Drops a page whose time is up, remembering its body for `sameAsBefore`. */
  expire(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.delete(key);
    this.forget(key);
    this.expired.set(key, old.body);
    this.expiredBytes += old.body.byteLength;
    while (this.expired.size > PAGE_CACHE_MAX_ENTRIES || this.expiredBytes > PAGE_CACHE_MAX_TOTAL_BYTES / 2) {
      this.forget(this.expired.keys().next().value!);
    }
  }

  private forget(key: string): ArrayBuffer | undefined {
    const body = this.expired.get(key);
    if (body) {
      this.expired.delete(key);
      this.expiredBytes -= body.byteLength;
    }
    return body;
  }

  /**
   * `body` of a new render of `key`, or the body of the page it replaces when the bytes are the same: what was made once
   * of that one (its compressed forms and a signed-in shopper's pieces, kept by body) then serves the new entry too.
   */
  sameAsBefore(key: string, body: ArrayBuffer): ArrayBuffer {
    const before = this.forget(key);
    return before && Buffer.from(before).equals(Buffer.from(body)) ? before : body;
  }
}

const caches = new WeakMap<object, PageStore>();

function cacheOf(db: Db): PageStore {
  let c = caches.get(db);
  if (!c) {
    const store = new PageStore();
    c = store;
    caches.set(db, store);
    onChange(db, (changed) => store.drop(changed));
  }
  return c;
}

/** How many pages and bytes the cache of `db` holds (for tests and operators). */
export function pageCacheSize(db: Db): { entries: number; bytes: number } {
  const c = cacheOf(db);
  return { entries: c.size, bytes: c.bytes };
}

/** What the cache key of a request is made of: its method, path, query and headers (by lower-case name). */
export interface RequestHead {
  method: string;
  pathname: string;
  search: string;
  header(name: string): string | null;
}

function cookiesOf(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/**
 * The cache key of a request for a cacheable page, or null when this request must be rendered (not GET, not a
 * cacheable path, a token header, the cache turned off, or a session cookie on a page not shared with signed-in
 * shoppers). A signed-in shopper's key is the visitor's: the middleware puts their header in.
 */
export function keyOf(request: Request, url: URL, sessionCookie: string): string | null {
  return keyOfHead(
    { method: request.method, pathname: url.pathname, search: url.search, header: (name) => request.headers.get(name) },
    sessionCookie,
  );
}

/** `keyOf` of a request known by its head only (server/http/kept-page.ts answers before Astro makes a Request). */
export function keyOfHead(head: RequestHead, sessionCookie: string): string | null {
  if (!PAGE_CACHE_TTL_MS || head.method !== 'GET' || !CACHEABLE.test(head.pathname)) return null;
  if (head.header('authorization') !== null || head.header('x-token') !== null) return null;
  const cookies = cookiesOf(head.header('cookie'));
  if (cookies.has(sessionCookie) && PER_SHOPPER.test(head.pathname)) return null;
  const banners = [...cookies.keys()]
    .filter((k) => k.startsWith('top_banner'))
    .sort()
    .join(',');
  return `${head.pathname}${head.search}|${cookies.get('locale') ?? ''}|${banners}`;
}

/** The kept page for `key`, if it is still fresh (writes to what it shows have removed it). */
export function cachedEntry(db: Db, key: string, now = Date.now()): Entry | null {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (!hit) return null;
  if (hit.expires <= now) {
    cache.expire(key);
    return null;
  }
  return hit;
}

/** The cached page for `key` as a response (as text), if it is still fresh. */
export function cachedPage(db: Db, key: string, now = Date.now()): Response | null {
  const hit = cachedEntry(db, key, now);
  return hit && responseOf(visitorAnswer(hit));
}

/** A kept page's answer (status 200): its headers and the bytes to send, compressed when `content-encoding` says so. */
export interface Answer {
  /** By lower-case name; shared by the answers of the same kind (`answerHeaders`): never changed once made. */
  headers: ReadonlyMap<string, string>;
  /** The bytes, or chunks to send one after another. */
  body: Uint8Array<ArrayBuffer> | ArrayBuffer | Uint8Array<ArrayBuffer>[];
}

export const responseOf = ({ body, headers }: Answer) =>
  new Response(Array.isArray(body) ? Buffer.concat(body) : body, { status: 200, headers: [...headers] });

/** How an answer came from the cache: a page just rendered and kept (`MISS`), or one kept before (`HIT`). */
export type Marker = 'HIT' | 'MISS';

/** Kept pages' answer headers, per entry and kind of answer. */
const headerSets = new WeakMap<Entry, Map<string, ReadonlyMap<string, string>>>();

/**
 * The headers of `hit`'s answers of one `kind` (a marker and an encoding; a shopper's answers add theirs): the
 * page's own, with `vary` taking Accept-Encoding (text or compressed, by the request's Accept-Encoding, as the
 * compressor of server/serve.mjs says too), then what `adjust` sets; made once per entry and kind, so a hit builds no
 * Headers (copying a kept page's headers into one cost each hit 7-14 µs of the main thread, as much as the rest of it).
 */
export function answerHeaders(hit: Entry, kind: string, adjust: (headers: Map<string, string>) => void): ReadonlyMap<string, string> {
  let sets = headerSets.get(hit);
  if (!sets) {
    sets = new Map();
    headerSets.set(hit, sets);
  }
  const found = sets.get(kind);
  if (found) return found;
  const made = new Map<string, string>();
  for (const [name, value] of hit.headers) made.set(name.toLowerCase(), value);
  const vary = made.get('vary');
  made.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  adjust(made);
  sets.set(kind, made);
  return made;
}

/**
 * The answer of a kept page to a visitor (`x-page-cache: HIT`): as text, or `packed`, its body compressed in `encoding`
 * (server/http/encoded-page.ts), which server/serve.mjs then leaves as it is.
 */
export function visitorAnswer(hit: Entry, packed?: { encoding: Encoding; bytes: Uint8Array<ArrayBuffer> }, marker: Marker = 'HIT'): Answer {
  // By the form's length too: a page sent often gets a smaller form (encoded-page.ts `HOT_AFTER`).
  const headers = answerHeaders(hit, packed ? `${marker} ${packed.encoding} ${packed.bytes.byteLength}` : marker, (h) => {
    h.set('x-page-cache', marker);
    if (!packed) return;
    h.set('content-encoding', packed.encoding);
    h.set('content-length', String(packed.bytes.byteLength));
  });
  return { headers, body: packed ? packed.bytes : hit.body };
}

/** What a render showed, collected while it ran, and the change sequence when it began. */
export interface Rendered {
  until?: () => number | undefined;
  setsCookies?: boolean;
  /** The tags of what the page showed (read after the body); without them any change drops the page. */
  shown?: () => Iterable<string>;
  /** `changeSequence(db)` before the render: a page that overlapped a change to what it shows is not kept. */
  since?: number;
  /** A page of a kind most of whose kept copies are seen once (one product among tens of thousands). */
  seenOnce?: boolean;
}

/** The change sequence to give `keepPage` as `since` for a render starting now. */
export const renderStart = (db: Db) => changeSequence(db);

/** What `keepPage` did with a rendered page: kept it (the middleware answers from the entry), or the response to send. */
export type Kept = { kept: Entry; response?: undefined } | { kept?: undefined; response: Response };

/**
 * Keeps a rendered page for later visitors when it is a plain 200 HTML answer that sets no cookie
 * (`setsCookies`: Astro's cookies of this request, which a new Response would not carry): the entry, which the
 * middleware answers from as it answers later hits (no Response made here for it); otherwise the response to send
 * now (the body has been read, so a new Response carries it).
 */
export async function keepPage(db: Db, key: string, response: Response, opts: Rendered = {}, now = Date.now()): Promise<Kept> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || opts.setsCookies || response.headers.has('set-cookie')) {
    response.headers.set('x-page-cache', 'BYPASS');
    return { response };
  }
  const body = await response.arrayBuffer();
  const headers: [string, string][] = [...response.headers.entries()];
  // Read after the body: components set `pageCacheUntil` and read what they show while the page renders (streaming or not).
  const expires = Math.min(now + PAGE_CACHE_TTL_MS, opts.until?.() ?? Infinity);
  const shown = [...(opts.shown?.() ?? [ALL])];
  const stale = opts.since !== undefined && changedSince(db, opts.since, shown);
  if (body.byteLength <= PAGE_CACHE_MAX_BYTES && expires > now && !stale) {
    const cache = cacheOf(db);
    const entry: Entry = { expires, body: cache.sameAsBefore(key, body), headers };
    if (opts.seenOnce) entry.seenOnce = true;
    cache.set(key, entry, shown);
    return { kept: entry };
  }
  const out = new Response(body, { status: 200, headers });
  out.headers.set('x-page-cache', 'MISS');
  return { response: out };
}

const renders = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One render at a time of a page that may be kept: `render` runs unless a render of `key` is already under way; then
 * this waits for that one and answers with the page it kept (`kept`), or renders after all when it kept none (an
 * error page, a page that set cookies, one a write overlapped). Many first visitors of a page at once (a page just
 * dropped by a write, or a link shared widely) cost one render instead of one each, and the ones that wait get it
 * as soon as it is done rather than after their own turn on the database.
 */
export async function renderOnce<T>(db: Db, key: string, kept: (hit: Entry) => T | Promise<T>, render: () => Promise<T>): Promise<T> {
  let under = renders.get(db);
  if (!under) {
    under = new Map();
    renders.set(db, under);
  }
  const first = under.get(key);
  if (first) {
    await first.catch(() => {});
    const hit = cachedEntry(db, key);
    return hit ? kept(hit) : render();
  }
  const rendering = render();
  under.set(key, rendering);
  try {
    return await rendering;
  } finally {
    under.delete(key);
  }
}

/** A page (or a component of it) whose content changes by itself at `ms` keeps its cache entry no longer. */
export function expirePageAt(locals: { pageCacheUntil?: number }, ms: number): void {
  locals.pageCacheUntil = Math.min(locals.pageCacheUntil ?? Infinity, ms);
}
