/** Cookie names shared by server and browser (spec sections 3 and 4). */
export const SESSION_COOKIE = 'auth._token.local';
export const FROM_PATH_COOKIE = 'fromPath';
/**
 * Set by the browser when its logout call failed (spec section 4: reset locally even so). The session cookie is
 * HttpOnly, out of the page's reach; the next request carrying this marker ends that session on the server
 * (middleware.ts) and both cookies are dropped. It can only sign a browser out, never in.
 */
export const SIGNED_OUT_COOKIE = 'signed_out';
/**
 * Readable by the page, set and dropped by the server with the session cookie: whether this browser is signed in now.
 * It carries no secret. A page shown from a copy kept from before a sign-in or sign-out (Back, Forward, a prefetched
 * link) compares it with what it shows and loads again when they differ (client/boot.ts).
 */
export const SIGNED_IN_COOKIE = 'signed_in';
export const topBannerCookie = (groupDataId: number | string) => `top_banner${groupDataId}`;
/** The cart page's selected lines (reference `/shopping_cart`); see src/shared/cart-checked.ts. */
export const CART_CHECKED_COOKIE = 'cart_checked';
