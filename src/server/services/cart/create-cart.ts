import { and, eq } from 'drizzle-orm';
import { cart } from '../../db/schema/index.ts';
import { cartCreateInput, type CartCreateInput } from '../../../shared/schemas/cart.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { resolveCartTarget, checkQuantity } from './cart-target.ts';
import { lockCart } from './cart-lock.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/**
 * `POST /api/user/cart/create` (login required) → `{cart_id}`. Add to cart (`is_new` 0) merges with the
 * shopper's existing cart line of the same SKU, the merged quantity keeping the min/max/stock rule; buy
 * now (`is_new` 1, required for flash sales and presales) always makes a fresh line for checkout.
 * Stock is only checked here; it is taken when the order is created.
 */
export async function createCart(ctx: ServiceContext, input: CartCreateInput): Promise<{ cart_id: number }> {
  const user = requireUser(ctx);
  const q = parseInput(cartCreateInput, input);
  const target = await resolveCartTarget(ctx, q);
  return transaction(ctx.db, async (tx) => {
    await lockCart(tx, user.uid);
    // The header's cart count (session/shopper-cache.ts); buy-now lines are not counted.
    if (!q.is_new) invalidate(tx, [tag('shopper', user.uid)]);
    const [line] = q.is_new
      ? []
      : await tx
          .select({ id: cart.cartId, num: cart.cartNum })
          .from(cart)
          .where(
            and(
              eq(cart.uid, user.uid),
              eq(cart.productAttrUnique, q.product_attr_unique),
              eq(cart.productId, target.productId),
              eq(cart.isNew, false),
              eq(cart.isPay, false),
            ),
          );
    checkQuantity((line?.num ?? 0) + q.cart_num, target.rule);
    if (line) {
      await tx
        .update(cart)
        .set({ cartNum: line.num + q.cart_num })
        .where(eq(cart.cartId, line.id));
      return { cart_id: line.id };
    }
    const [row] = await tx
      .insert(cart)
      .values({
        uid: user.uid,
        productId: target.productId,
        productAttrUnique: q.product_attr_unique,
        cartNum: q.cart_num,
        isNew: q.is_new === 1,
      })
      .returning({ id: cart.cartId });
    return { cart_id: row!.id };
  });
}
