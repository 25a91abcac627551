import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listProductParameters } from '../../../../server/services/merchant-api/products.ts';

/** The mall's parameter names (`{list: [{parameter_id, name}]}`) a product's `params` may use. */
export const GET = merchantEndpoint(async (ctx) => ok(await listProductParameters(ctx)));
