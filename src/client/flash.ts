// A message for the next page: an island that finishes by navigating (a review sent, back to the order) leaves it
// here, and the next page's boot script shows it as a toast. Kept in sessionStorage: this tab, one page load.
import { toast } from './toast.ts';

const KEY = 'mall:flash';

export function flashToast(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    /* storage can be disabled: the message is lost, the navigation still happens */
  }
}

/** Shows and forgets the message the previous page left, if any. */
export function showFlash(): void {
  let message: string | null = null;
  try {
    message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (message) toast(message, 3000);
}
