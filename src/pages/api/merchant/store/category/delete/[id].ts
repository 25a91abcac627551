import { ok } from '../../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../../server/http/merchant-endpoint.ts';
import { deleteShopCategory } from '../../../../../../server/services/merchant-api/shop-categories.ts';

/** Deletes a shop category without child categories; its products are no longer filed under it. */
export const POST = merchantEndpoint(async (ctx, { params }) => ok(await deleteShopCategory(ctx, { id: params.id ?? '' }), '删除成功'));
