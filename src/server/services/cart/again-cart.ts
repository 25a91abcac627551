import { cart } from '../../db/schema/index.ts';
import { cartAgainInput, type CartAgainInput } from '../../../shared/schemas/cart.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { buyableTarget, checkQuantity, loadCartTargets } from './cart-target.ts';
import { lockCart } from './cart-lock.ts';

/**
 * `POST /api/user/cart/again {data: [{product_id, product_attr_unique, cart_num}]}` (login required), buy
 * again: fresh buy-now lines (`is_new`) of normal products for checkout → `{cart_id: [...]}` in the order
 * given. Every line passes the checks of add to cart, or none is made.
 */
export async function againCart(ctx: ServiceContext, input: CartAgainInput): Promise<{ cart_id: number[] }> {
  const user = requireUser(ctx);
  const q = parseInput(cartAgainInput, input);
  const facts = await loadCartTargets(
    ctx,
    q.data.map((d) => ({ productId: d.product_id, unique: d.product_attr_unique })),
  );
  const perSku = new Map<string, number>();
  q.data.forEach((d, i) => {
    const { rule } = buyableTarget(facts[i]!, 0);
    checkQuantity(d.cart_num, rule);
    // The same SKU twice: together they must still fit its stock and per-order cap.
    const total = (perSku.get(d.product_attr_unique) ?? 0) + d.cart_num;
    perSku.set(d.product_attr_unique, total);
    if (total > d.cart_num) checkQuantity(total, rule);
  });
  return transaction(ctx.db, async (tx) => {
    await lockCart(tx, user.uid);
    const rows = await tx
      .insert(cart)
      .values(
        q.data.map((d) => ({
          uid: user.uid,
          productId: d.product_id,
          productAttrUnique: d.product_attr_unique,
          cartNum: d.cart_num,
          isNew: true,
        })),
      )
      .returning({ id: cart.cartId });
    // Serial ids follow the order of the values.
    return { cart_id: rows.map((r) => r.id).sort((a, b) => a - b) };
  });
}
