import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listGroupOrders } from '../../../server/services/order/list-group-orders.ts';

/** The shopper's unpaid orders still payable `{count, list}`, newest first, `?page&limit` (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listGroupOrders(ctx, rawQuery(url))));
