import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { orderCheckInput } from '../../../../shared/schemas/order.ts';
import { checkOrder } from '../../../../server/services/order/check-order.ts';

/** Prices the chosen cart lines (address, coupons, pickup, points) and hands out the `key` for create. */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await checkOrder(ctx, await readObjectBody(request, orderCheckInput)));
});
