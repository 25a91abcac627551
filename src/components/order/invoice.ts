import type { InvoiceFields } from '../../shared/invoice.ts';

export { INVOICE_TEXT, invoiceProblem } from '../../shared/invoice.ts';

/** The invoice a shopper is filling in for one merchant (0: none). */
export interface InvoiceDraft extends InvoiceFields {
  receipt_type: 0 | 1 | 2;
}
