import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { getInvoice } from '../../../../../server/services/invoice/list-invoices.ts';

/** One of the shopper's invoices by `order_receipt_id`; another shopper's or an unknown id is a 404 (login required). */
export const GET = endpoint(async (ctx, { params }) => ok(await getInvoice(ctx, { id: params.id ?? '' })));
