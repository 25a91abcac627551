import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getIntention } from '../../../../server/services/intention/list-intentions.ts';

/** One of the shopper's merchant applications (another shopper's is a 404). */
export const GET = endpoint(async (ctx, { params }) => ok(await getIntention(ctx, { id: params.id ?? '' })));
