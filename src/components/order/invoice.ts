import type { InvoiceFields, InvoiceTitleDto } from '../../shared/invoice.ts';
import { firstError } from '../../shared/schemas/auth.ts';
import { receiptInput } from '../../shared/schemas/invoice.ts';

export { INVOICE_MAX, INVOICE_TEXT } from '../../shared/invoice.ts';

/** The invoice a shopper is filling in for one merchant (0: none). */
export interface InvoiceDraft extends InvoiceFields {
  receipt_type: 0 | 1 | 2;
}

/** What is wrong with an invoice the shopper asked for, by the server's own schema ('' when nothing or none asked). */
export const invoiceProblem = (inv: InvoiceDraft): string =>
  inv.receipt_type === 0 ? '' : (firstError(receiptInput.safeParse(inv)) ?? '');

/** Saved titles that fit an invoice kind: any for a normal e-invoice, special VAT titles for a special VAT invoice. */
export const titlesFor = (titles: InvoiceTitleDto[], receiptType: number) =>
  titles.filter((t) => receiptType === 1 || t.receipt_type === 2);

/** The draft filled from a saved title (for `receiptType`: a VAT title's bank details are dropped on a normal invoice by the schema). */
export const fromTitle = (t: InvoiceTitleDto, receiptType: 1 | 2): InvoiceDraft => ({
  receipt_type: receiptType,
  receipt_title_type: t.receipt_title_type,
  receipt_title: t.receipt_title,
  duty_paragraph: t.duty_paragraph,
  email: t.email,
  bank_name: t.bank_name,
  bank_code: t.bank_code,
  address: t.address,
  tel: t.tel,
});
