import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { deleteShippingTemplate } from '../../../../../server/services/merchant-api/shipping-templates.ts';

/** Deletes a shipping template no product of the shop uses. */
export const POST = merchantEndpoint(async (ctx, { params }) => ok(await deleteShippingTemplate(ctx, { id: params.id ?? '' }), '删除成功'));
