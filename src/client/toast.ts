let el: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * A short message announced to screen readers (role=status). While a modal dialog is open (the login dialog, a form
 * in a modal) the message goes inside it: everything outside a modal dialog is inert, neither seen by screen readers
 * nor above it. It is a manual popover, so it shows in the top layer, above the dialog (a fixed element with any
 * z-index stays under one); shown again, it moves above whatever opened since.
 */
export function toast(message: string, ms = 2500): void {
  if (!el) {
    el = document.createElement('div');
    el.className = 'toast';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    el.popover = 'manual';
    document.body.append(el);
  }
  el.textContent = message;
  show(el);
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (el?.matches(':popover-open')) el.hidePopover();
    timer = undefined;
  }, ms);
}

/** Into the topmost modal dialog (or the page) and on top; back to the page, still shown, if that dialog closes first. */
function show(toastEl: HTMLElement): void {
  if (toastEl.matches(':popover-open')) toastEl.hidePopover();
  const dialog = [...document.querySelectorAll('dialog:modal')].pop();
  const host = dialog ?? document.body;
  if (toastEl.parentElement !== host) host.append(toastEl);
  toastEl.showPopover();
  dialog?.addEventListener(
    'close',
    () => {
      if (toastEl.parentElement === dialog && timer !== undefined) show(toastEl);
    },
    { once: true },
  );
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
