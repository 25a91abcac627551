import type { ClientDirective } from 'astro';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * `client:interact`: hydrate an island the first time the shopper points at, focuses or touches it.
 * Until then the server-rendered HTML is all there is, so React is not downloaded on idle pages.
 * `client:interact="load"`: hydrate at once (a page that is mostly the island, such as /login).
 * Either way, what the shopper does before hydration finishes is not lost: every click is held and replayed on the
 * same element afterwards, in order (a payment method chosen, then 立即支付; a SKU, then +), and a value typed or
 * picked in a field or a select is given back to it as typing would (through the prototype's value setter, which
 * React's change tracking sees), so the island's state starts from what the shopper sees (`client:load` drops all of
 * it). Inlined in every page with an island: kept small.
 */
const interact: ClientDirective = (load, opts, el) => {
  const triggers = ['pointerover', 'focusin', 'touchstart', 'pointerdown'];
  const held = ['click', 'input', 'change'];
  const clicks: HTMLElement[] = [];
  const values = new Map<Field, string>();
  const hold = (ev: Event) => {
    const t = ev.target as Field;
    if (ev.type !== 'click') {
      if (!/^(checkbox|radio|file)$/.test(t.type)) values.set(t, t.value);
      return;
    }
    clicks.push(t);
    // Page-wide listeners see the replayed click instead.
    ev.preventDefault();
    ev.stopPropagation();
    void start();
  };
  let started = false;
  const start = async (): Promise<void> => {
    if (started) return;
    started = true;
    for (const t of triggers) el.removeEventListener(t, start);
    await (await load())();
    for (const t of held) el.removeEventListener(t, hold, true);
    // React has attached its handlers to the same nodes and rendered its initial state: give it what it missed.
    for (const [field, value] of values) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      for (const type of ['input', 'change']) field.dispatchEvent(new Event(type, { bubbles: true }));
    }
    for (const target of clicks) {
      // Each click after the island has rendered what the one before changed.
      await new Promise((resolve) => setTimeout(resolve));
      if (target.isConnected) target.click();
    }
  };
  for (const t of held) el.addEventListener(t, hold, true);
  if (opts.value === 'load') void start();
  else for (const t of triggers) el.addEventListener(t, start, { once: true });
};

export default interact;
