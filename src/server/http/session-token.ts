import type { AstroCookies } from 'astro';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../shared/cookies.ts';

export type TokenSource = 'cookie' | 'header';

/** A token without its `Bearer ` prefix and surrounding space. */
export const strip = (v: string) => v.replace(/^Bearer\s+/i, '').trim();

/** What a client with no token sends in its token headers (`X-Token: null`, `Authorization: Bearer undefined`). */
const NO_TOKEN = new Set(['', 'null', 'undefined', 'false']);
const headerToken = (v: string | null) => {
  const t = v === null ? '' : strip(v);
  return NO_TOKEN.has(t) ? null : t;
};

/**
 * The session token of a request: `X-Token` (with or without `Bearer `), `Authorization: Bearer`, or the HttpOnly
 * cookie. Headers win, so API clients are never confused by a browser cookie; `X-Token` wins over `Authorization`,
 * as the reference's backend reads it (a client sends both, the same token). A header naming no token (`null`,
 * `undefined`) is no token.
 */
export function readToken(request: Request, cookies: AstroCookies): { token: string; source: TokenSource } | null {
  const x = headerToken(request.headers.get('x-token'));
  if (x) return { token: x, source: 'header' };
  const auth = request.headers.get('authorization');
  const bearer = auth && /^Bearer\s+\S/i.test(auth) ? headerToken(auth) : null;
  if (bearer) return { token: bearer, source: 'header' };
  // Astro has already URL-decoded the value; decoding again would throw on a stray `%`.
  const c = strip(cookies.get(SESSION_COOKIE)?.value ?? '');
  if (c) return { token: c, source: 'cookie' };
  return null;
}

/**
 * The origins a browser may show for this site. The server sees itself as `url.origin` (plain http behind a TLS
 * terminator), so also: the https form of it with `HTTPS=1`, the public `SITE_URL`, and with `TRUST_PROXY` the
 * origin the proxy reports (`X-Forwarded-Proto` / `X-Forwarded-Host`). Untrusted forwarded headers are ignored.
 */
export function ownOrigins(request: Request, url: URL): Set<string> {
  const origins = new Set([url.origin]);
  if (process.env.HTTPS === '1') origins.add(`https://${url.host}`);
  const site = process.env.SITE_URL;
  if (site) {
    try {
      origins.add(new URL(site).origin);
    } catch {
      /* a malformed SITE_URL adds nothing */
    }
  }
  if (process.env.TRUST_PROXY) {
    const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim();
    const proto = first('x-forwarded-proto');
    const host = first('x-forwarded-host') ?? url.host;
    if ((proto === 'https' || proto === 'http') && host && /^[a-z0-9.-]+(?::\d{1,5})?$/i.test(host))
      origins.add(`${proto}://${host.toLowerCase()}`);
  }
  return origins;
}

/**
 * State changes must come from our own pages (CSRF, login CSRF included): a browser's `Origin` must be one of
 * ours; without it, `Sec-Fetch-Site` must not say cross-site. Clients that send neither (scripts, apps) pass.
 */
export function isSameOrigin(request: Request, origins: Set<string>): boolean {
  const o = request.headers.get('origin');
  if (o) return origins.has(o);
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

export const SESSION_MAX_AGE = 604800;

/**
 * The session cookie of spec section 3: HttpOnly, path /, SameSite=Lax, 7 days, Secure under HTTPS; with it the
 * page-readable `SIGNED_IN_COOKIE`, which says only that there is one.
 */
export function setSessionCookie(cookies: AstroCookies, token: string, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE });
  cookies.set(SIGNED_IN_COOKIE, '1', { path: '/', sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
  cookies.delete(SIGNED_IN_COOKIE, { path: '/' });
}

/** HTTPS as the shopper sees it (directly, or behind a TLS terminator when HTTPS=1). */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === 'https:' || process.env.HTTPS === '1';
}
