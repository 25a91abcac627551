import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listInvoices } from '../../../../../server/services/invoice/list-invoices.ts';

/** The shopper's invoices of paid orders `{count, list}` (`?status=&page=&limit=`), each with `storeOrder.orderProduct` and `receipt_info` (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listInvoices(ctx, rawQuery(url))));
