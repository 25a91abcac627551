import { ok } from '../../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../../server/http/merchant-endpoint.ts';
import { updateShopCategory } from '../../../../../../server/services/merchant-api/shop-categories.ts';
import { shopCategoryUpdateBody } from '../../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../../_input.ts';

/** Changes a shop category: any of `{cate_name, pid, sort, is_show}`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, shopCategoryUpdateBody);
  return ok(await updateShopCategory(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
