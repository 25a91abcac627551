import type { ClientDirective } from 'astro';

/** Sets a form control's value as typing does, so React's change tracking sees it (its own setter would hide it). */
function setNativeValue(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  const proto = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
}

const isTextControl = (t: EventTarget | null): t is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  t instanceof HTMLSelectElement ||
  t instanceof HTMLTextAreaElement ||
  (t instanceof HTMLInputElement && t.type !== 'checkbox' && t.type !== 'radio' && t.type !== 'file');

/**
 * `client:interact`: hydrate an island the first time the shopper points at, focuses or touches it.
 * Until then the server-rendered HTML is all there is, so React is not downloaded on idle pages.
 * `client:interact="load"`: hydrate at once (a page that is mostly the island, such as /login).
 * Either way, what the shopper does before hydration finishes is not lost: every click is held and replayed on the
 * same element afterwards, in order (a payment method chosen, then 立即支付; a SKU, then +), and a value typed or
 * picked in a field or a select is given back to it as typing would, so the island's state starts from what the
 * shopper sees (`client:load` drops all of it).
 */
const interact: ClientDirective = (load, opts, el) => {
  const triggers = ['pointerover', 'focusin', 'touchstart', 'pointerdown'] as const;
  const clicks: HTMLElement[] = [];
  const values = new Map<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string>();
  let started = false;
  const onClick = (ev: Event) => {
    clicks.push(ev.target as HTMLElement);
    // Page-wide listeners see the replayed click instead.
    ev.preventDefault();
    ev.stopPropagation();
    void start();
  };
  const onValue = (ev: Event) => {
    if (isTextControl(ev.target)) values.set(ev.target, ev.target.value);
  };
  el.addEventListener('click', onClick, true);
  el.addEventListener('input', onValue, true);
  el.addEventListener('change', onValue, true);
  const start = async (): Promise<void> => {
    if (started) return;
    started = true;
    for (const t of triggers) el.removeEventListener(t, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', onClick, true);
    el.removeEventListener('input', onValue, true);
    el.removeEventListener('change', onValue, true);
    // React has attached its handlers to the same nodes and rendered its initial state: give it what it missed.
    for (const [control, value] of values) {
      if (!control.isConnected) continue;
      setNativeValue(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
      control.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const target of clicks) {
      // Each click after the island has rendered what the one before changed.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (target.isConnected) target.click();
    }
  };
  if (opts.value === 'load') void start();
  else for (const t of triggers) el.addEventListener(t, start, { once: true, passive: true });
};

export default interact;
