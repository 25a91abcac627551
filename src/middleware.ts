import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { getDatabase } from './server/db/client.ts';
import { findSessionUser, revokeSession } from './server/services/session/sessions.ts';
import { readToken, isSameOrigin, ownOrigins, clearSessionCookie } from './server/http/session-token.ts';
import { fail, clientIp } from './server/http/envelope.ts';
import { isMerchantApi } from './server/http/merchant-endpoint.ts';
import { isOperatorApi } from './server/http/operator-endpoint.ts';
import { parseLocale, LOCALE_COOKIE } from './shared/locale.ts';
import { SESSION_COOKIE, FROM_PATH_COOKIE, SIGNED_OUT_COOKIE } from './shared/cookies.ts';
import { guard } from './shared/routes.ts';
import { LOGIN_REQUIRED } from './shared/messages.ts';
import {
  keyOf,
  cachedEntry,
  responseOf,
  keepPage,
  renderStart,
  renderOnce,
  type Answer,
  type Entry,
  type Marker,
} from './server/http/page-cache.ts';
import { collectShown } from './server/services/cache-tags.ts';
import { shopperOf, type Shopper } from './server/services/session/shopper-cache.ts';
import { personalizeResponse } from './server/http/shopper-page.ts';
// kept-page.ts also hands server/serve.mjs the kept pages' way out before Astro (the same hits, answered the same way).
import { hitAnswer } from './server/http/kept-page.ts';
import { slashlessPage } from './server/http/slashless.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Per-request context: database, session user, locale; CSRF refusal and page access guards; the page cache
 * (server/http/page-cache.ts) in front of the public catalogue pages, keeping with each page the tags of what it
 * showed. Writes drop pages themselves, by what they changed (services call `invalidate`). A signed-in shopper
 * gets the visitor page with their header put in (server/http/shopper-page.ts), from their session's entry in
 * session/shopper-cache.ts: a cached view of a catalogue page reads no table, signed in or not.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  const slashless = slashlessPage(request.method, url);
  if (slashless) return new Response(null, { status: 301, headers: { location: slashless, 'cache-control': 'public, max-age=86400' } });
  const db = (await getDatabase()).db;
  if (context.cookies.has(SIGNED_OUT_COOKIE)) return signedOut(context, next, db);
  const cacheKey = keyOf(request, url, SESSION_COOKIE);
  if (!cacheKey) return handle(context, next, db);
  let shopper: Shopper | null = null;
  const found = readToken(request, context.cookies);
  if (found) {
    shopper = await shopperOf(db, found.token);
    // A stale cookie: the usual path makes the shopper a visitor again (and drops the cookie).
    if (!shopper) return handle(context, next, db);
  }
  const accept = request.headers.get('accept-encoding');
  // Under server/serve.mjs a kept page's answer is written by serve.mjs as its hits are (`sendAnswer`), not through a
  // Response holding a copy of the page.
  const respond = (found: Answer) => context.locals.sendAnswer?.(found) ?? responseOf(found);
  const answer = (kept: Entry, marker?: Marker) => {
    const found = hitAnswer(kept, shopper, accept, marker);
    return found instanceof Promise ? found.then(respond) : respond(found);
  };
  const hit = cachedEntry(db, cacheKey);
  if (hit) return answer(hit);
  return renderOnce(db, cacheKey, answer, async () => {
    const shown = new Set<string>();
    const since = renderStart(db);
    // The page renders (and keepPage reads its body) inside the collection of what it shows.
    const { kept, response } = await collectShown(shown, async () => {
      const rendered = await handle(context, next, db, { asVisitor: true });
      const setsCookies = !context.cookies.headers().next().done;
      const seenOnce = ONCE_SEEN.test(url.pathname);
      return keepPage(db, cacheKey, rendered, {
        until: () => context.locals.pageCacheUntil,
        setsCookies,
        shown: () => shown,
        since,
        seenOnce,
      });
    });
    // A page kept is sent as its later hits are (server/http/kept-page.ts `hitAnswer`).
    if (kept) return answer(kept, 'MISS');
    return shopper ? personalizeResponse(response, shopper) : response;
  });
});

/**
 * A browser whose logout call failed marked itself signed out (`SIGNED_OUT_COOKIE`, client/boot.ts): its session ends
 * here (the cookie's, never a header token's), both cookies are dropped, and the request is answered as a visitor's.
 */
async function signedOut(context: APIContext, next: MiddlewareNext, db: App.Locals['db']) {
  const found = readToken(context.request, context.cookies);
  if (found?.source === 'cookie') await revokeSession(db, found.token);
  clearSessionCookie(context.cookies);
  context.cookies.delete(SIGNED_OUT_COOKIE, { path: '/' });
  return handle(context, next, db, { asVisitor: true });
}

/** The message of an API answer's envelope, if it is one. */
async function envelopeMessage(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json')) return undefined;
  try {
    return ((await response.clone().json()) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}

/** Pages most of whose kept copies are seen once (one product among tens of thousands). */
const ONCE_SEEN = /^\/goods_detail\//;

/** `asVisitor`: render the page a visitor gets (the shared page a signed-in shopper's header is then put into). */
async function handle(context: APIContext, next: MiddlewareNext, db: App.Locals['db'], opts: { asVisitor?: boolean } = {}) {
  const { request, cookies, url, locals } = context;
  locals.db = db;
  locals.locale = parseLocale(cookies.get(LOCALE_COOKIE)?.value);
  const found = opts.asVisitor ? null : readToken(request, cookies);
  // The merchant and operator APIs authenticate by their own tokens only (merchantEndpoint, operatorEndpoint): no
  // shopper session is read there, so a shopper's token or cookie never acts on them, and their tokens are never
  // looked up as sessions.
  const tokenApi = isMerchantApi(url.pathname) || isOperatorApi(url.pathname);
  const user = found && !tokenApi ? await findSessionUser(locals.db, found.token) : null;
  locals.user = user;
  locals.token = user && found ? found.token : null;
  locals.ctx = { db, user, ip: clientIp(context), origins: ownOrigins(request, url) };
  const isApi = url.pathname.startsWith('/api/');

  // A stale token makes the shopper a visitor again: a browser cookie is dropped; a header token (expired, revoked) is
  // the client's to drop, so where a visitor would be refused with 请登录 the refusal is the reference's 40000
  // `无效的 token` (over HTTP 401). Public calls answer as to a visitor, as the reference's optional-login routes do,
  // so a client holding an expired token still shows the mall.
  const staleHeader = !!found && !user && !tokenApi && found.source === 'header' && isApi;
  if (found && !user && !tokenApi && found.source === 'cookie') clearSessionCookie(cookies);
  // CSRF: a state change must come from our own pages, signed in by cookie or not yet signed in (a cross-site
  // form must not sign a shopper in to someone else's account). Header tokens are sent deliberately by API
  // clients, which a browser cannot do cross-site without CORS, so they are exempt (Astro's checkOrigin is off).
  if (found?.source !== 'header' && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, ownOrigins(request, url))) {
    return isApi ? fail('forbidden', '非法的跨站请求') : new Response('Forbidden', { status: 403 });
  }
  if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
    const g = guard(url.pathname, !!user);
    // Only for pages that exist: an unknown path falls through to the 404 page.
    if (g && context.routePattern !== '/404' && context.routePattern !== '/_not-found') {
      if (g.remember) cookies.set(FROM_PATH_COOKIE, url.pathname + url.search, { path: '/', sameSite: 'lax' });
      return context.redirect(g.redirect, 302);
    }
  }
  const response = await next();
  // An API path that exists without this method would otherwise get the HTML 404 page.
  if (isApi && response.status === 404 && !response.headers.get('content-type')?.includes('json')) {
    return fail('not_found', '接口不存在');
  }
  if (staleHeader && response.status === 400 && (await envelopeMessage(response)) === LOGIN_REQUIRED) {
    return fail('token_invalid', '无效的 token');
  }
  // A signed-in shopper's page shows their name, cart and orders: no shared cache may keep it. Pictures, flags,
  // robots.txt and sitemaps are the same for everyone and say so (`public`): they keep their caching.
  const sharedAsset =
    /^public\b/.test(response.headers.get('cache-control') ?? '') && !(response.headers.get('content-type') ?? '').includes('html');
  if (user && !isApi && !sharedAsset) response.headers.set('cache-control', 'private, no-store');
  return response;
}
