import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { remarkOrder } from '../../../../../server/services/merchant-api/remark-order.ts';
import { remarkBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** The merchant's remark on an order: `{remark}` (at most 200 characters; '' clears it). */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, remarkBody);
  return ok(await remarkOrder(ctx, { ...body, id: params.id ?? '' }), '备注成功');
});
