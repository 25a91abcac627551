import type { ClientDirective } from 'astro';

/**
 * `client:interact`: hydrate an island the first time the shopper points at, focuses or touches it.
 * Until then the server-rendered HTML is all there is, so React is not downloaded on idle pages.
 * A click that lands before hydration finishes is replayed on the same element afterwards.
 */
const interact: ClientDirective = (load, _opts, el) => {
  const triggers = ['pointerover', 'focusin', 'touchstart', 'pointerdown'] as const;
  let pendingClick: HTMLElement | null = null;
  const onClick = (ev: Event) => {
    pendingClick = ev.target as HTMLElement;
    ev.preventDefault();
  };
  const start = async () => {
    for (const t of triggers) el.removeEventListener(t, start);
    el.addEventListener('click', onClick, true);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', onClick, true);
    // React has attached its handlers to the same nodes: replay the click it missed.
    const target = pendingClick as HTMLElement | null;
    if (target && target.isConnected) target.click();
  };
  for (const t of triggers) el.addEventListener(t, start, { once: true, passive: true });
};

export default interact;
