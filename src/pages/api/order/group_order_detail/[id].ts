import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getGroupOrder } from '../../../../server/services/order/get-group-order.ts';

/** One of the shopper's group orders with its per-merchant parts (the unpaid order page reads it). */
export const GET = endpoint(async (ctx, { params }) => ok(await getGroupOrder(ctx, { id: params.id ?? '' })));
