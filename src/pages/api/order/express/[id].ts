import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { trackOrder } from '../../../../server/services/logistics/track-order.ts';

/** The shopper's order shipped by express and its tracking timeline (POST, as the reference's client sends it). */
export const POST = endpoint(async (ctx, { params }) => ok(await trackOrder(ctx, { id: params.id ?? '' })));
