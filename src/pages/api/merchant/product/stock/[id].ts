import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { changeMerchantProductStock } from '../../../../../server/services/merchant-api/product-writes.ts';
import { productStockBody } from '../../../../../shared/schemas/merchant-product.ts';
import { readObjectBody } from '../../../_input.ts';

/** SKU stock `{list: [{unique, stock} | {unique, add}]}`: set, or changed by `add` whatever orders took meanwhile. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, productStockBody);
  return ok(await changeMerchantProductStock(ctx, { ...body, id: params.id ?? '' }), '库存已更新');
});
