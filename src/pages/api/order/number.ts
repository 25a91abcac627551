import { endpoint, ok } from '../../../server/http/envelope.ts';
import { countOrders } from '../../../server/services/order/count-orders.ts';

/** The shopper's order counts per tab `{all, noPay, noPostage, noDeliver, noComment, done, refund}` (login required). */
export const GET = endpoint(async (ctx) => ok(await countOrders(ctx)));
