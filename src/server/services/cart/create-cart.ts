import { and, eq } from 'drizzle-orm';
import { cart, users } from '../../db/schema/index.ts';
import { cartCreateInput, type CartCreateInput } from '../../../shared/schemas/cart.ts';
import { quantityBounds, type QuantityRule } from '../../../shared/sku.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { resolveCartTarget, CART_TEXT } from './cart-target.ts';

/** Refuses a quantity outside `[max(1, min), min(stock, max)]` with the limit that was broken. */
function checkQuantity(n: number, rule: QuantityRule): void {
  const { min } = quantityBounds(rule);
  if (n < min) throw new ServiceError('invalid', CART_TEXT.min(min));
  if (rule.once_max_count && n > rule.once_max_count) throw new ServiceError('invalid', CART_TEXT.max(rule.once_max_count));
  if (n > rule.stock) throw new ServiceError('refused', CART_TEXT.stock(rule.stock));
}

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
    // One shopper's cart writes queue on their user row, so two quick clicks cannot make two lines.
    await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, user.uid)).for('update');
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
