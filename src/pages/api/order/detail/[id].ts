import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getOrder } from '../../../../server/services/order/get-order.ts';

/** One of the shopper's paid store orders with its items, amounts, delivery and timeline (login required). */
export const GET = endpoint(async (ctx, { params }) => ok(await getOrder(ctx, { id: params.id ?? '' })));
