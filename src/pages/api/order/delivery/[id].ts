import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getDelivery } from '../../../../server/services/logistics/get-delivery.ts';

/** The shopper's order delivered by the merchant's rider: receipt code, rider and timeline. */
export const GET = endpoint(async (ctx, { params }) => ok(await getDelivery(ctx, { id: params.id ?? '' })));
