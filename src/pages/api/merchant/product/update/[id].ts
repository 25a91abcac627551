import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { updateMerchantProduct } from '../../../../../server/services/merchant-api/product-writes.ts';
import { z } from 'zod';
import { readObjectBody } from '../../../_input.ts';

/** The whole product anew, as create takes it; SKUs with unchanged spec values keep their `unique`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await updateMerchantProduct(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
