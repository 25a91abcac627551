// The shell's only always-loaded script (a few KB): seeds the stores from the server-rendered state and wires
// the header behaviours that need no framework. React loads later, only when an island is touched.
import { $page, $loginDialog, $online, $pending } from '../stores/ui.ts';
import { $loggedIn, $unreadNum, resetSession } from '../stores/session.ts';
import { $cartCount } from '../stores/cart.ts';
import { seedStores, type ShellState } from '../stores/seed.ts';
import { askLogin } from './login.ts';
import { post } from './api.ts';
import { closeTopBanner } from './cookies.ts';
import { SIGNED_OUT_COOKIE } from '../shared/cookies.ts';
import { showFlash, toast } from './toast.ts';
import { startProgress, doneProgress } from './progress.ts';
import { trackNavigation, reloadOnChunkFailure, prefetchLinks } from './navigation.ts';
import { shellText } from '../shared/messages.ts';
import { wireActions } from './actions.ts';

const stateEl = document.getElementById('mall-state');
const shellState = stateEl?.textContent ? (JSON.parse(stateEl.textContent) as ShellState) : null;
if (shellState) seedStores(shellState);

document.addEventListener('click', (e) => {
  const t = e.target as Element;
  const close = t.closest('[data-close-banner]');
  if (close) {
    const banner = close.closest<HTMLElement>('[data-top-banner]');
    if (banner?.dataset.topBanner) closeTopBanner(banner.dataset.topBanner);
    banner?.remove();
    $page.setKey('banner', false);
  }
  if (t.closest('[data-bookmark]')) {
    // No current browser lets a page add a bookmark; the legacy API is tried for the old ones that did (elsewhere it
    // is missing, and calling it throws).
    try {
      (window as unknown as { external: { AddFavorite: (u: string, t: string) => void } }).external.AddFavorite(
        location.href,
        document.title,
      );
    } catch {
      toast(shellText.bookmarkManual);
    }
  }
});

// The login dialog's code (and React) loads when it is first opened, or as soon as the shopper points at
// the login link. Any `请登录` answer opens it too (client/api.ts sets the flag).
const loadDialog = () => import('../components/auth/mount-login-dialog.tsx');
let dialogMounted = false;
$loginDialog.subscribe((open) => {
  if (!open || dialogMounted) return;
  dialogMounted = true;
  loadDialog()
    .then((m) => m.mountLoginDialog())
    .catch(() => location.assign('/login'));
});
document.addEventListener('pointerover', (e) => (e.target as Element).closest?.('[data-login-link]') && void loadDialog().catch(() => {}), {
  passive: true,
});
document.addEventListener('click', (e) => {
  const t = e.target as Element;
  if (t.closest('[data-login-link]') && !e.defaultPrevented) {
    e.preventDefault();
    askLogin();
  }
  if (t.closest('[data-logout]')) {
    e.preventDefault();
    void logout();
  }
});

/** Spec section 4: logout calls the server, then resets locally even if the call failed, and goes home. */
async function logout(): Promise<void> {
  try {
    await post('/api/logout');
  } catch {
    // Reset anyway: the session cookie is HttpOnly, so the browser marks itself signed out and the next request
    // that reaches the server ends the session there (middleware.ts).
    document.cookie = `${SIGNED_OUT_COOKIE}=1; path=/; SameSite=Lax`;
  }
  resetSession();
  location.assign('/');
}

// Search: trim the keyword; an empty one goes nowhere (spec section 2 "Header behaviour").
document.addEventListener('submit', (e) => {
  const form = e.target as HTMLFormElement;
  if (!form.matches('[data-search-form]')) return;
  const input = form.elements.namedItem('title') as HTMLInputElement;
  input.value = input.value.trim();
  if (!input.value) {
    e.preventDefault();
    input.focus();
  }
});

// The cart count follows the store, so an island that adds to the cart updates the header at once.
const showCartCount = () => {
  for (const el of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    el.textContent = String($cartCount.get());
    el.hidden = !$loggedIn.get();
  }
};
$cartCount.subscribe(showCartCount);
$loggedIn.subscribe(showCartCount);
// So does the top bar's count of unread customer-service messages (the chat window lowers it as it reads them).
$unreadNum.subscribe((n) => {
  for (const el of document.querySelectorAll<HTMLElement>('[data-unread]')) {
    el.textContent = shellText.badgeCount(n);
    el.hidden = n === 0;
  }
  for (const a of document.querySelectorAll('[data-unread-link]')) a.setAttribute('aria-label', shellText.unreadMessages(n));
});

// API requests in flight drive the same progress bar as navigations.
let apiBusy = false;
$pending.subscribe((n) => {
  if (n > 0 && !apiBusy) startProgress();
  if (n === 0 && apiBusy) doneProgress();
  apiBusy = n > 0;
});

let offlineEl: HTMLElement | null = null;
$online.subscribe((online) => {
  document.documentElement.dataset.online = String(online);
  if (online) return offlineEl?.remove();
  offlineEl ??= Object.assign(document.createElement('div'), { className: 'offline-notice', textContent: shellText.offline });
  offlineEl.setAttribute('role', 'status');
  document.body.append(offlineEl);
});
$online.set(navigator.onLine);
addEventListener('online', () => $online.set(true));
addEventListener('offline', () => $online.set(false));

wireActions();
// A signed-in shopper's marks on a page shared with visitors (client/marks.ts), loaded only for them.
if (shellState?.shared && shellState.user) void import('./marks.ts').then((m) => m.fillMarks());
// And their 消息 count stays current while the page is open (client/unread.ts).
if (shellState?.user) void import('./unread.ts').then((m) => m.watchUnread());
showFlash();
trackNavigation(shellState && !!shellState.user);
reloadOnChunkFailure();
prefetchLinks();
