import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { setMerchantProductStatus } from '../../../../../server/services/merchant-api/product-writes.ts';
import { productStatusBody } from '../../../../../shared/schemas/merchant-product.ts';
import { readObjectBody } from '../../../_input.ts';

/** `{status: 1}` puts the product on the shelf, `{status: 0}` takes it off. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, productStatusBody);
  const done = await setMerchantProductStatus(ctx, { ...body, id: params.id ?? '' });
  return ok(done, done.status ? '上架成功' : '下架成功');
});
