import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { arrivalInput } from '../../../../shared/schemas/catalogue.ts';
import { subscribeArrival } from '../../../../server/services/relation/subscribe-arrival.ts';

/** "Notify me on arrival" `{unique, type: 1, product_id}` for a sold-out SKU (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await subscribeArrival(ctx, await readBody(request, arrivalInput)), '订阅成功');
});
