import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listCart } from '../server/services/cart/list-cart.ts';
import { readCartChecked } from '../shared/cart-checked.ts';
import { CART_CHECKED_COOKIE } from '../shared/cookies.ts';

/**
 * `/shopping_cart` (login required): the shopper's cart by shop with the invalid lines apart, the selected
 * lines (the `cart_checked` cookie, every line by default) and prices in the shopper's currency.
 */
export function loadShoppingCart(page: PageInput) {
  return loadPage(async () => {
    const [cart, basics] = await Promise.all([listCart(ctxOf(page)), pageBasics(page)]);
    const ids = cart.list.flatMap((g) => g.list.map((l) => l.cart_id));
    const checked = readCartChecked(page.cookies?.get(CART_CHECKED_COOKIE)?.value, ids);
    return { cart, checked, ...basics };
  });
}
