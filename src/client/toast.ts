let el: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** A short message announced to screen readers (role=status). */
export function toast(message: string, ms = 2500): void {
  if (!el) {
    el = document.createElement('div');
    el.className = 'toast';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.append(el);
  }
  el.textContent = message;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (el) el.hidden = true;
  }, ms);
}
