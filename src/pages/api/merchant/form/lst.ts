import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listOrderForms } from '../../../../server/services/merchant-api/order-forms.ts';

/** The shop's custom order forms `{count, list}`, with `Authorization: Bearer <merchant token>`. */
export const GET = merchantEndpoint(async (ctx) => ok(await listOrderForms(ctx)));
