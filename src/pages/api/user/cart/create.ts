import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { cartCreateInput } from '../../../../shared/schemas/catalogue.ts';
import { createCart } from '../../../../server/services/cart/create-cart.ts';

/** Add to cart (`is_new` 0) or buy now (1) → `{cart_id}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await createCart(ctx, await readBody(request, cartCreateInput)));
});
