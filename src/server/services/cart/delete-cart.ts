import { and, eq, inArray } from 'drizzle-orm';
import { cart } from '../../db/schema/index.ts';
import { cartDeleteInput, type CartDeleteInput } from '../../../shared/schemas/cart.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { CART_TEXT } from './cart-target.ts';
import { lockCart } from './cart-lock.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/**
 * `POST /api/user/cart/delete {cart_id: [ids]}` (login required): deletes those of 1-100 lines that are the
 * shopper's own and not ordered → `{cart_id: [deleted ids]}`. Other ids are ignored (never deleted); when
 * none of them is the shopper's, 404.
 */
export async function deleteCart(ctx: ServiceContext, input: CartDeleteInput): Promise<{ cart_id: number[] }> {
  const user = requireUser(ctx);
  const q = parseInput(cartDeleteInput, input);
  const deleted = await transaction(ctx.db, async (tx) => {
    await lockCart(tx, user.uid);
    invalidate(tx, [tag('shopper', user.uid)]);
    return tx
      .delete(cart)
      .where(and(eq(cart.uid, user.uid), eq(cart.isPay, false), inArray(cart.cartId, q.cart_id)))
      .returning({ id: cart.cartId });
  });
  if (!deleted.length) throw notFound(CART_TEXT.lineGone);
  return { cart_id: deleted.map((d) => d.id).sort((a, b) => a - b) };
}
