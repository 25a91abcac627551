import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { cartCreateInput } from '../../../../shared/schemas/cart.ts';
import { createCart } from '../../../../server/services/cart/create-cart.ts';

/** Add to cart (`is_new` 0) or buy now (1) → `{cart_id}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await createCart(ctx, await readObjectBody(request, cartCreateInput)));
});
