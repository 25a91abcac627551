import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { updateMerchantPresell } from '../../../../../server/services/merchant-api/presell-writes.ts';
import { z } from 'zod';
import { readObjectBody } from '../../../_input.ts';

/** What the body names: name, kind, windows, delivery, cap, per SKU `price`, `down_price` and a stock change `add`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await updateMerchantPresell(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
