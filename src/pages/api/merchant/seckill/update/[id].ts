import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { updateMerchantSeckill } from '../../../../../server/services/merchant-api/seckill-writes.ts';
import { z } from 'zod';
import { readObjectBody } from '../../../_input.ts';

/** What the body names: session, days, caps, per SKU `price` and a stock change `add`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await updateMerchantSeckill(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
