import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { getShippingTemplate } from '../../../../../server/services/merchant-api/shipping-templates.ts';

/** One of the shop's shipping templates. */
export const GET = merchantEndpoint(async (ctx, { params }) => ok(await getShippingTemplate(ctx, { id: params.id ?? '' })));
