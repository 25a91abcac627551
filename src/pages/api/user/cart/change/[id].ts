import { z } from 'zod';
import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { requireUser } from '../../../../../server/services/context.ts';
import { cartNumField } from '../../../../../shared/schemas/cart.ts';
import { changeCart } from '../../../../../server/services/cart/change-cart.ts';

/** Sets a cart line's quantity `{cart_num}` → `{cart_id, cart_num}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request, params }) => {
  requireUser(ctx);
  const { cart_num } = await readObjectBody(request, z.object({ cart_num: cartNumField }));
  return ok(await changeCart(ctx, { id: params.id, cart_num }));
});
