import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { updateShippingTemplate } from '../../../../../server/services/merchant-api/shipping-templates.ts';
import { readObjectBody } from '../../../_input.ts';

/** The whole template anew, as create takes it; products using it show and charge the new rules at once. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await updateShippingTemplate(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
