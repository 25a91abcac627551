import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { shipOrder } from '../../../../../server/services/merchant-api/ship-order.ts';
import { shipBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** Ships an order: `{delivery_type: 1|2|3, delivery_name, delivery_id}` (express company and tracking number, or rider and phone). */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, shipBody);
  return ok(await shipOrder(ctx, { ...body, id: params.id ?? '' }), '发货成功');
});
