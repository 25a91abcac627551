// The top bar's 消息 count of a signed-in shopper, kept up to date while a page stays open: a shop's answer shows in
// the header without a reload. The page came with the count of when it was served; this asks again every minute the
// page is visible (and when it is shown again after a minute or more), never while it is hidden.
import { setUnreadNum } from '../stores/session.ts';

/** How often an open, visible page asks (ms). */
export const UNREAD_EVERY = 60_000;

export function watchUnread(): void {
  let asked = Date.now();
  let stopped = false;
  const ask = async () => {
    asked = Date.now();
    try {
      const res = await fetch('/api/service/unread', { headers: { Accept: 'application/json', 'Form-type': 'pc' } });
      const body = (await res.json()) as { status?: number; data?: { unread_total?: number } };
      if (body.status === 200 && typeof body.data?.unread_total === 'number') setUnreadNum(body.data.unread_total);
      // Signed out meanwhile (another tab, an expired session): nothing more to ask until the next page.
      else if (body.status === 400) stopped = true;
    } catch {
      // offline or the server restarting: the next minute asks again
    }
  };
  const timer = setInterval(() => {
    if (stopped) clearInterval(timer);
    else if (document.visibilityState === 'visible') void ask();
  }, UNREAD_EVERY);
  document.addEventListener('visibilitychange', () => {
    if (!stopped && document.visibilityState === 'visible' && Date.now() - asked >= UNREAD_EVERY) void ask();
  });
}
