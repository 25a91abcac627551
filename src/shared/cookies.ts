/** Cookie names shared by server and browser (spec sections 3 and 4). */
export const SESSION_COOKIE = 'auth._token.local';
export const FROM_PATH_COOKIE = 'fromPath';
export const topBannerCookie = (groupDataId: number | string) => `top_banner${groupDataId}`;
/** The cart page's selected lines (reference `/shopping_cart`); see src/shared/cart-checked.ts. */
export const CART_CHECKED_COOKIE = 'cart_checked';
