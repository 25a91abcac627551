import type { ClientDirective } from 'astro';

/**
 * `client:interact`: hydrate an island the first time the shopper points at, focuses or touches it.
 * Until then the server-rendered HTML is all there is, so React is not downloaded on idle pages.
 * `client:interact="load"`: hydrate at once (a page that is mostly the island, such as /login).
 * Either way, a click that lands before hydration finishes is held and replayed on the same element
 * afterwards, so the first click always counts (`client:load` drops it).
 */
const interact: ClientDirective = (load, opts, el) => {
  const triggers = ['pointerover', 'focusin', 'touchstart', 'pointerdown'] as const;
  let pendingClick: HTMLElement | null = null;
  let started = false;
  const onClick = (ev: Event) => {
    pendingClick = ev.target as HTMLElement;
    // Page-wide listeners see the replayed click instead.
    ev.preventDefault();
    ev.stopPropagation();
    void start();
  };
  el.addEventListener('click', onClick, true);
  const start = async (): Promise<void> => {
    if (started) return;
    started = true;
    for (const t of triggers) el.removeEventListener(t, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', onClick, true);
    // React has attached its handlers to the same nodes: replay the click it missed.
    const target = pendingClick as HTMLElement | null;
    if (target && target.isConnected) target.click();
  };
  if (opts.value === 'load') void start();
  else for (const t of triggers) el.addEventListener(t, start, { once: true, passive: true });
};

export default interact;
