import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { createMerchantSeckill } from '../../../../server/services/merchant-api/seckill-writes.ts';
import { z } from 'zod';
import { readObjectBody } from '../../_input.ts';

/** A flash-sale offer of one of the shop's products (`origin_product_id`, `seckill_time_id`, days, caps, `attrValue`). */
export const POST = merchantEndpoint(async (ctx, { request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await createMerchantSeckill(ctx, body), '添加成功');
});
