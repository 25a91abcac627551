import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { cartAgainInput } from '../../../../shared/schemas/cart.ts';
import { againCart } from '../../../../server/services/cart/again-cart.ts';

/** Buy again: buy-now lines for `{data: [{product_id, product_attr_unique, cart_num}]}` → `{cart_id: [...]}`. */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await againCart(ctx, await readObjectBody(request, cartAgainInput)));
});
