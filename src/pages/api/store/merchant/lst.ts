import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listMerchants } from '../../../../server/services/merchant/list-merchants.ts';

/** Open shops `{count, list}` for the shop street, shop search and "matching shops" strips. */
export const GET = endpoint(async (ctx, { url }) => ok(await listMerchants(ctx, rawQuery(url))));
