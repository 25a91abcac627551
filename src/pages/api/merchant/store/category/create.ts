import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { createShopCategory } from '../../../../../server/services/merchant-api/shop-categories.ts';
import { shopCategoryCreateBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** A new shop category `{cate_name, pid?, sort?, is_show?}` (pid: one of the shop's top-level categories, or 0). */
export const POST = merchantEndpoint(async (ctx, { request }) =>
  ok(await createShopCategory(ctx, await readObjectBody(request, shopCategoryCreateBody)), '添加成功'),
);
