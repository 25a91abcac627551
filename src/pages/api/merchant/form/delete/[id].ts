import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { deleteOrderForm } from '../../../../../server/services/merchant-api/order-forms.ts';

/** Deletes a form; the products that asked for it no longer do. */
export const POST = merchantEndpoint(async (ctx, { params }) => ok(await deleteOrderForm(ctx, { id: params.id ?? '' }), '删除成功'));
