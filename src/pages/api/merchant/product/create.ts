import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { createMerchantProduct } from '../../../../server/services/merchant-api/product-writes.ts';
import { z } from 'zod';
import { readObjectBody } from '../../_input.ts';

/** A new product of the shop (`store_name`, `cate_id`, `image`, `attr`, `attrValue`…), off the shelf unless `status` is 1. */
export const POST = merchantEndpoint(async (ctx, { request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await createMerchantProduct(ctx, body), '添加成功');
});
