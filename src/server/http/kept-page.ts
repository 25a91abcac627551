import type { IncomingHttpHeaders } from 'node:http';
import { getDatabase } from '../db/client.ts';
import { shopperOf, type Shopper } from '../services/session/shopper-cache.ts';
import { SESSION_COOKIE, SIGNED_OUT_COOKIE } from '../../shared/cookies.ts';
import { strip } from './session-token.ts';
import { cachedEntry, keyOfHead, visitorAnswer, type Answer, type Entry, type Marker } from './page-cache.ts';
import { gzipTemplate, madeGzipTemplate, shopperAnswer, templateWanted } from './shopper-page.ts';
import { accepts, acceptedEncoding, COMPRESS_NOW_BYTES, encodedBody } from './encoded-page.ts';

/**
 * The kept pages' way out before Astro (server/serve.mjs calls it first for every request that is not a static file):
 * a kept page, already compressed for this request, is answered straight from the page cache, for a visitor or a
 * signed-in shopper, without a Request, routing, the page module or a Response. Astro answers everything else: a page
 * not kept (it renders and keeps it), an answer that still has to be compressed (its compressed form is made on the
 * first hit), a session cookie that names no live session (the middleware drops it), any other method.
 * The middleware (src/middleware.ts) answers the very same hits the same way, with the same functions.
 */
export interface RequestLike {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** The first value of cookie `name` in a Cookie header, URL-decoded where it decodes (as Astro's cookies read it). */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/** The answer of a kept page for `req`, ready to send as it is, or null when Astro must answer. */
export async function keptAnswer(req: RequestLike): Promise<Answer | null> {
  if (req.method !== 'GET' || !req.url) return null;
  const url = new URL(req.url, 'http://localhost');
  const header = (name: string) => {
    const v = req.headers[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  const key = keyOfHead({ method: 'GET', pathname: url.pathname, search: url.search, header }, SESSION_COOKIE);
  if (!key) return null;
  const db = (await getDatabase()).db;
  const hit = cachedEntry(db, key);
  if (!hit) return null;
  // A browser marked signed out goes the middleware's way, which ends its session.
  if (cookieValue(header('cookie'), SIGNED_OUT_COOKIE) !== null) return null;
  const token = strip(cookieValue(header('cookie'), SESSION_COOKIE) ?? '');
  const shopper = token ? await shopperOf(db, token) : null;
  if (token && !shopper) return null;
  const accept = header('accept-encoding');
  const found = hitAnswer(hit, shopper, accept);
  const answer = found instanceof Promise ? await found : found;
  // Text the request would take compressed (its compressed form failed): server/serve.mjs compresses it.
  return answer.headers.has('content-encoding') || !acceptedEncoding(accept) ? answer : null;
}

/**
 * A kept page as the request gets it: a signed-in shopper's (their header put in) or the visitor's (brotli or gzip by
 * `accept`), compressed once per page and encoding (the first answers wait for it: a page just kept is sent in the form
 * its render made). Here and in the middleware, which marks the render's own answer `MISS`.
 * A shopper gets their page joined from the page's gzip template once it is made. Until then, when `accept` takes
 * brotli, their page is compressed at once, as a visitor's first answer is, and the page's first such answer (its
 * third, for a product page) starts making the template on the thread pool for the answers after it
 * (`templateWanted`); without brotli, the answer waits for the template, except a product page's render (`seenOnce`),
 * sent as text. (Waiting for the pool put signed-in product pages 60-70 % behind visitors' at 20 connections.)
 */
export function hitAnswer(hit: Entry, shopper: Shopper | null, accept: string | null, marker: Marker = 'HIT'): Answer | Promise<Answer> {
  if (shopper) {
    const gzip = accepts(accept, 'gzip');
    const made = gzip ? madeGzipTemplate(hit.body) : null;
    if (made) return shopperAnswer(hit, shopper, made, marker);
    if (accepts(accept, 'br') && hit.body.byteLength <= COMPRESS_NOW_BYTES) {
      if (gzip && templateWanted(hit)) void Promise.resolve(gzipTemplate(hit.body)).catch(templateFailed);
      return shopperAnswer(hit, shopper, 'br', marker);
    }
    // Text, compressed on the way out: for a browser without gzip, and for the render of a page most of whose kind is
    // seen once rather than wait for gzip pieces it will most likely never need again.
    if (!gzip || (hit.seenOnce && marker === 'MISS')) return shopperAnswer(hit, shopper, null, marker);
    return withForm(gzipTemplate(hit.body), (zipped) => shopperAnswer(hit, shopper, zipped, marker));
  }
  const encoding = acceptedEncoding(accept);
  if (!encoding) return visitorAnswer(hit, undefined, marker);
  return withForm(encodedBody(hit.body, encoding), (bytes) => visitorAnswer(hit, bytes ? { encoding, bytes } : undefined, marker));
}

/** A gzip template made ahead failed: later answers make it again (encoded-page.ts `madeOnce`). */
const templateFailed = (err: unknown) => console.error('[mallfront] compressing a kept page for shoppers failed:', err);

/**
 * The answer `use` makes of a compressed form: at once when the form is made (most hits: no promise), else once it is;
 * with null (logged) when making it failed, and the page is then sent as text.
 */
function withForm<T>(form: T | Promise<T>, use: (made: T | null) => Answer): Answer | Promise<Answer> {
  if (!(form instanceof Promise)) return use(form);
  return form.then(use, (err: unknown) => {
    console.error('[mallfront] compressing a kept page failed, sending it as text:', err);
    return use(null);
  });
}

/** Where server/serve.mjs finds `keptAnswer` once the built app has loaded this module (with the middleware). */
export const KEPT_ANSWER = Symbol.for('mallfront.keptAnswer');
(globalThis as { [KEPT_ANSWER]?: typeof keptAnswer })[KEPT_ANSWER] = keptAnswer;
