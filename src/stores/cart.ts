import { atom } from 'nanostores';

/** Lines in the signed-in shopper's cart, shown in the header (spec section 3 `cartnumber`). */
export const $cartCount = atom(0);

export const setCartCount = (n: number) => $cartCount.set(Math.max(0, Math.trunc(n) || 0));
