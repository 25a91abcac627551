import Cookies from 'js-cookie';
import { LOCALE_COOKIE, formatLocale, type Locale } from '../shared/locale.ts';
import { CART_CHECKED_COOKIE, FROM_PATH_COOKIE, topBannerCookie } from '../shared/cookies.ts';

// Read at call time: this module is also imported while islands render on the server.
const base = () => ({ path: '/', sameSite: 'Lax' as const, secure: location.protocol === 'https:' });

export function rememberFromPath(path: string): void {
  Cookies.set(FROM_PATH_COOKIE, path, base());
}

export function saveLocale(l: Locale): void {
  Cookies.set(LOCALE_COOKIE, formatLocale(l), { ...base(), expires: 365 });
}

export function closeTopBanner(groupDataId: number | string): void {
  Cookies.set(topBannerCookie(groupDataId), '1', { ...base(), expires: 7 });
}

/** The cart page's selection (src/shared/cart-checked.ts), kept for a month. */
export function saveCartChecked(value: string): void {
  Cookies.set(CART_CHECKED_COOKIE, value, { ...base(), expires: 30 });
}
