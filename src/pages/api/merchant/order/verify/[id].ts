import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { verifyOrder } from '../../../../../server/services/merchant-api/verify-order.ts';
import { verifyBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** Verifies a pickup order with the code the shopper shows: `{verify_code}`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, verifyBody);
  return ok(await verifyOrder(ctx, { ...body, id: params.id ?? '' }), '核销成功');
});
