import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { getAddress } from '../../../../../server/services/address/get-address.ts';

/** One of the shopper's addresses with its `area[]`; another shopper's or an unknown id is a 404 (login required). */
export const GET = endpoint(async (ctx, { params }) => ok(await getAddress(ctx, { id: params.id ?? '' })));
