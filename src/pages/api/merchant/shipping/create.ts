import { z } from 'zod';
import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { createShippingTemplate } from '../../../../server/services/merchant-api/shipping-templates.ts';
import { readObjectBody } from '../../_input.ts';

/** A new shipping template `{name, type, free_price, undelivered, region: [{regions, first, first_price, continue, continue_price}]}`. */
export const POST = merchantEndpoint(async (ctx, { request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await createShippingTemplate(ctx, body), '添加成功');
});
