import { listen } from 'quicklink';
import { startProgress, doneProgress } from './progress.ts';
import { $loggedIn } from '../stores/session.ts';
import { SIGNED_IN_COOKIE } from '../shared/cookies.ts';

function isPageNavigation(e: MouseEvent, a: HTMLAnchorElement): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download') || a.origin !== location.origin) return false;
  // A jump within the same page is not a route change.
  return !(a.pathname === location.pathname && a.search === location.search && a.hash);
}

/**
 * Route changes show the progress bar from the click until the next page replaces this one. `signedIn`: whether the
 * page shows a signed-in header (null on a page without the shell): a copy of the page kept from before the browser
 * signed in or out, which the server's `signed_in` cookie contradicts, is dealt with by client/signed-in.ts.
 */
export function trackNavigation(signedIn: boolean | null): void {
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (a && isPageNavigation(e, a)) startProgress();
  });
  document.addEventListener('submit', (e) => !e.defaultPrevented && startProgress());
  // Back/forward cache restores this page as it was, bar included.
  addEventListener('pageshow', (e) => {
    e.persisted && doneProgress(true);
    if (signedIn !== null && document.cookie.includes(`${SIGNED_IN_COOKIE}=1`) !== signedIn)
      import('./signed-in.ts').then((m) => m.follow(e, signedIn, SIGNED_IN_COOKIE));
  });
}

/** A script chunk that fails to load (e.g. after a deploy) falls back to a full page load, once per URL. */
export function reloadOnChunkFailure(): void {
  const reload = () => {
    const key = `mallfront:reloaded:${location.href}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    location.reload();
  };
  addEventListener('vite:preloadError', reload);
  document.addEventListener('astro:hydration-error', reload);
}

/** `prefetchRules()` of src/shared/routes.ts, defined at build time by src/integrations/index.ts. */
declare const __PREFETCH_RULES__: { never: string[]; signedIn: string[] };

/**
 * Whether a same-site path may be prefetched now: not a page that is not built, not a signed-in page for a visitor,
 * and nothing for a signed-in shopper. Every page a shopper gets is rendered for them and sent `private, no-store`
 * (their header, cart and orders), which the browser never keeps, so a prefetch only made the server render 20-30
 * pages per view for nothing, and the page the shopper then opened waited behind them (1-2 s).
 */
function mayPrefetch(pathname: string): boolean {
  if ($loggedIn.get()) return false;
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !PREFETCH_NEVER.has(p);
}

/** Paths never prefetched: pages not built, and pages that send a visitor to sign in (once, not at each use). */
const PREFETCH_NEVER = new Set([...__PREFETCH_RULES__.never, ...__PREFETCH_RULES__.signedIn]);

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Spec section 9: prefetch visible links at idle time (2000 ms timeout), never on slow, data-saver or offline, and only
 * to pages that exist (routes marked `built` in the route table, src/shared/routes.ts; a test keeps the flag true) and
 * that the browser may keep (`mayPrefetch`: visitors' pages).
 */
export function prefetchLinks(): void {
  const conn = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!navigator.onLine || conn?.saveData || /(^|-)2g/.test(conn?.effectiveType ?? '')) return;
  listen({
    timeout: 2000,
    limit: 30,
    ignores: [
      /\/api\//,
      (uri: string, el: Element) => el.hasAttribute('download') || el.hasAttribute('data-no-prefetch'),
      (uri: string) => !mayPrefetch(new URL(uri, location.href).pathname),
    ],
  });
}
