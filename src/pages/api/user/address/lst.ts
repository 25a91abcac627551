import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listAddresses } from '../../../../server/services/address/list-addresses.ts';

/** The shopper's addresses `{count, list}`, the default first, then the newest (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listAddresses(ctx, rawQuery(url))));
