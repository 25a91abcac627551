import { and, eq } from 'drizzle-orm';
import { cart } from '../../db/schema/index.ts';
import { cartChangeInput, type CartChangeInput } from '../../../shared/schemas/cart.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { CART_TEXT, buyableTarget, checkQuantity, loadCartTargets } from './cart-target.ts';
import { lockCart } from './cart-lock.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/**
 * `POST /api/user/cart/change/{id} {cart_num}` (login required): sets the quantity of one of the shopper's
 * cart lines, within the rule add to cart keeps (`[max(1, min), min(stock, max)]`, refused with the same
 * messages). Another shopper's line, an ordered one or a buy-now line is 404 and nothing changes.
 */
export async function changeCart(ctx: ServiceContext, input: CartChangeInput): Promise<{ cart_id: number; cart_num: number }> {
  const user = requireUser(ctx);
  const q = parseInput(cartChangeInput, input);
  return transaction(ctx.db, async (tx) => {
    await lockCart(tx, user.uid);
    const [line] = await tx
      .select()
      .from(cart)
      .where(and(eq(cart.cartId, q.id), eq(cart.uid, user.uid), eq(cart.isPay, false), eq(cart.isNew, false)));
    if (!line) throw notFound(CART_TEXT.lineGone);
    const [facts] = await loadCartTargets({ db: tx }, [{ productId: line.productId, unique: line.productAttrUnique }]);
    const target = buyableTarget(facts!, facts!.product?.productType ?? 0);
    checkQuantity(q.cart_num, target.rule);
    await tx.update(cart).set({ cartNum: q.cart_num }).where(eq(cart.cartId, line.cartId));
    invalidate(tx, [tag('shopper', user.uid)]);
    return { cart_id: line.cartId, cart_num: q.cart_num };
  });
}
