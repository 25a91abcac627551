import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { correctInvoice, INVOICE_ISSUE_TEXT } from '../../../../../server/services/invoice/merchant-invoices.ts';
import { correctInvoiceBody } from '../../../../../shared/schemas/invoice.ts';
import { readObjectBody } from '../../../_input.ts';

/**
 * Corrects an issued invoice refunded since: `{red_sn, receipt_sn?, receipt_url?, mark?}` (the red-letter invoice
 * reversing it, and the new one for what is left; none when the order was refunded in full).
 */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, correctInvoiceBody);
  return ok(await correctInvoice(ctx, { ...body, id: params.id ?? '' }), INVOICE_ISSUE_TEXT.corrected);
});
