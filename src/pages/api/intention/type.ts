import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listMerchantTypes } from '../../../server/services/merchant/list-merchant-types.ts';

/** Shop types `[{mer_type_id, type_name}]` (the "shop type" filter row). */
export const GET = endpoint(async (ctx) => ok(await listMerchantTypes(ctx)));
