import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { getTitle } from '../../../../../server/services/invoice/get-title.ts';

/** One of the shopper's invoice titles; another shopper's or an unknown id is a 404 (login required). */
export const GET = endpoint(async (ctx, { params }) => ok(await getTitle(ctx, { id: params.id ?? '' })));
