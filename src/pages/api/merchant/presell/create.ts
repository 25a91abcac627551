import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { createMerchantPresell } from '../../../../server/services/merchant-api/presell-writes.ts';
import { z } from 'zod';
import { readObjectBody } from '../../_input.ts';

/** A presale of one of the shop's products (`origin_product_id`, `presell_type`, windows, delivery, `pay_count`, `attrValue`). */
export const POST = merchantEndpoint(async (ctx, { request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await createMerchantPresell(ctx, body), '添加成功');
});
