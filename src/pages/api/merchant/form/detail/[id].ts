import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getOrderForm } from '../../../../../server/services/merchant-api/order-forms.ts';

/** One of the shop's order forms. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getOrderForm(ctx, { id: params.id ?? '' })));
