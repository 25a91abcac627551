import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { INVOICE_ISSUE_TEXT, issueInvoice } from '../../../../server/services/invoice/merchant-invoices.ts';
import { issueInvoiceBody } from '../../../../shared/schemas/invoice.ts';
import { readObjectBody } from '../../_input.ts';

/** Issues one of the merchant's invoices: `{status: 1 | 10, receipt_sn, receipt_url?, mark?}`. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, issueInvoiceBody);
  return ok(await issueInvoice(ctx, { ...body, id: params.id ?? '' }), INVOICE_ISSUE_TEXT.done);
});
