import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { cartDeleteInput } from '../../../../shared/schemas/cart.ts';
import { deleteCart } from '../../../../server/services/cart/delete-cart.ts';

/** Deletes the shopper's own lines among `{cart_id: [ids]}` → `{cart_id: [deleted]}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await deleteCart(ctx, await readObjectBody(request, cartDeleteInput)), '删除成功');
});
