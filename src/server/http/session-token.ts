import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '../../shared/cookies.ts';

export type TokenSource = 'cookie' | 'header';

const strip = (v: string) => v.replace(/^Bearer\s+/i, '').trim();

/**
 * The session token of a request: `Authorization: Bearer`, `X-Token` (with or without `Bearer `), or the
 * HttpOnly cookie. Headers win, so API clients are never confused by a browser cookie.
 */
export function readToken(request: Request, cookies: AstroCookies): { token: string; source: TokenSource } | null {
  const auth = request.headers.get('authorization');
  if (auth && /^Bearer\s+\S/i.test(auth)) return { token: strip(auth), source: 'header' };
  const x = request.headers.get('x-token');
  if (x && strip(x)) return { token: strip(x), source: 'header' };
  // Astro has already URL-decoded the value; decoding again would throw on a stray `%`.
  const c = strip(cookies.get(SESSION_COOKIE)?.value ?? '');
  if (c) return { token: c, source: 'cookie' };
  return null;
}

/** Cookie-authenticated state changes must come from our own origin (CSRF). */
export function isSameOrigin(request: Request, origin: string): boolean {
  const o = request.headers.get('origin');
  if (o) return o === origin;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

export const SESSION_MAX_AGE = 604800;

/** The session cookie of spec section 3: HttpOnly, path /, SameSite=Lax, 7 days, Secure under HTTPS. */
export function setSessionCookie(cookies: AstroCookies, token: string, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

/** HTTPS as the shopper sees it (directly, or behind a TLS terminator when HTTPS=1). */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === 'https:' || process.env.HTTPS === '1';
}
