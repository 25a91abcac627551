import { post, get, request } from './api.ts';
import { setCartCount } from '../stores/cart.ts';

/** The cart calls of the API contract (`/api/user/cart/*`), shared by the product page and the cart pages. */
export interface CartLine {
  product_id: number;
  product_attr_unique: string;
  cart_num: number;
  product_type: 0 | 1 | 2;
}

/** Adds a line; `buyNow` makes a line for immediate checkout (`is_new: 1`) that the cart page does not list. */
export function createCartLine(line: CartLine, buyNow = false): Promise<{ cart_id: number }> {
  return post<{ cart_id: number }>('/api/user/cart/create', { ...line, is_new: buyNow ? 1 : 0 });
}

/** Reads the cart count from the server and puts it in the header's store. */
export async function refreshCartCount(): Promise<number> {
  const count = await get<[{ count: number }]>('/api/user/cart/count');
  const n = count[0]?.count ?? 0;
  setCartCount(n);
  return n;
}

/** Adds to the cart, then refreshes the header count. */
export async function addToCart(line: CartLine): Promise<number> {
  await createCartLine(line);
  return refreshCartCount();
}

/**
 * Sets a cart line's quantity; refused beyond its limits or stock with the server's message. `keepalive` lets
 * the save finish when the shopper leaves the page right after a click.
 */
export function changeCartLine(cartId: number, cartNum: number, keepalive = false): Promise<{ cart_id: number; cart_num: number }> {
  return request('POST', `/api/user/cart/change/${cartId}`, { body: { cart_num: cartNum }, keepalive });
}

/** Deletes the shopper's lines among `ids` → the ids deleted. */
export function deleteCartLines(ids: number[]): Promise<{ cart_id: number[] }> {
  return post('/api/user/cart/delete', { cart_id: ids });
}

/** Favourites the line's product (relation type = product type, 0 or 1), then takes the line out of the cart. */
export async function moveToFavourites(line: { cart_id: number; product_id: number; product_type: number }): Promise<void> {
  await post('/api/user/relation/create', { type: line.product_type, type_id: line.product_id });
  await deleteCartLines([line.cart_id]);
}
