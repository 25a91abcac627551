import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { correctShipment } from '../../../../../server/services/merchant-api/ship-order.ts';
import { shipBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** Corrects a shipped order's carrier and tracking number, or rider and phone: `{delivery_type: 1|2, delivery_name, delivery_id}`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, shipBody);
  return ok(await correctShipment(ctx, { ...body, id: params.id ?? '' }), '物流信息已修改');
});
