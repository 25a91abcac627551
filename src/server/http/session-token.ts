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
