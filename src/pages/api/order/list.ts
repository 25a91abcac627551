import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listOrders } from '../../../server/services/order/list-orders.ts';

/** The shopper's paid orders `{count, list}`, newest first: `?status=` ('' all, -2, 0, 1, 2, 3, -1, 10) `&page&limit` (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listOrders(ctx, rawQuery(url))));
