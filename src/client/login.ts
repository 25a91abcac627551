import { openLogin } from '../stores/ui.ts';
import { rememberFromPath } from './cookies.ts';

/**
 * Every way into login (a visitor's buy, favourite or claim button, the header link, a `请登录` answer)
 * remembers the current path and query in `fromPath` first (spec section 4), so signing in returns here.
 */
export function askLogin(): void {
  rememberFromPath(location.pathname + location.search);
  openLogin();
}
