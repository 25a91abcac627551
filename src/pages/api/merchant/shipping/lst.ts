import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listShippingTemplates } from '../../../../server/services/merchant-api/shipping-templates.ts';

/** The shop's shipping templates `{count, list}` with their rules and product counts. */
export const GET = merchantEndpoint(async (ctx) => ok(await listShippingTemplates(ctx)));
