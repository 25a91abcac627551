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

// A message for the next page: an island that finishes by navigating (a review sent, back to the order) leaves it
// here, and the next page's boot script shows it as a toast. Kept in sessionStorage: this tab, one page load. (In this
// module, which every page loads anyway, so it costs no request of its own.)
const FLASH_KEY = 'mall:flash';

export function flashToast(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    /* storage can be disabled: the message is lost, the navigation still happens */
  }
}

/** Shows and forgets the message the previous page left, if any. */
export function showFlash(): void {
  let message: string | null = null;
  try {
    message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (message) toast(message, 3000);
}
