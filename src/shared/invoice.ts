/**
 * Invoice rules shared by the checkout form and the server (reference section 3: `receipt_type` 1 e-invoice,
 * 2 special VAT invoice; `receipt_title_type` 1 personal, 2 company). Isomorphic.
 */

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A taxpayer identification number: the 18-character unified social credit code with its check character
 * (GB 32100-2015), or an older 15- or 20-character tax registration number.
 */
export function isTaxId(raw: string): boolean {
  const s = raw.trim().toUpperCase();
  if (/^[0-9A-Z]{15}$|^[0-9A-Z]{20}$/.test(s)) return true;
  if (s.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(s[i]!);
    if (v < 0) return false;
    sum += v * USCC_WEIGHTS[i]!;
  }
  const check = (31 - (sum % 31)) % 31;
  return s[17] === USCC_CHARS[check];
}

export const isEmail = (s: string) => /^[^\s@]{1,64}@[^\s@]{1,180}\.[^\s@]{2,}$/.test(s.trim());

export interface InvoiceFields {
  receipt_type: number;
  receipt_title_type: number;
  receipt_title?: string;
  duty_paragraph?: string;
  email?: string;
  bank_name?: string;
  bank_code?: string;
  address?: string;
  tel?: string;
}

export const INVOICE_TEXT = {
  normal: '电子普通发票',
  vat: '增值税专用发票',
  title: '请填写发票抬头',
  taxId: '请填写正确的纳税人识别号',
  email: '请填写正确的收票邮箱',
  vatFields: '增值税专用发票需填写开户银行、银行账号、注册地址和注册电话',
} as const;

/** What is wrong with an invoice request ('' when nothing). A special VAT invoice is always for a company. */
export function invoiceProblem(inv: InvoiceFields): string {
  if (inv.receipt_type === 0) return '';
  if (!inv.receipt_title?.trim()) return INVOICE_TEXT.title;
  const company = inv.receipt_type === 2 || inv.receipt_title_type === 2;
  if (company && !isTaxId(inv.duty_paragraph ?? '')) return INVOICE_TEXT.taxId;
  if (inv.receipt_type === 1 && inv.email?.trim() && !isEmail(inv.email)) return INVOICE_TEXT.email;
  if (inv.receipt_type === 2 && [inv.bank_name, inv.bank_code, inv.address, inv.tel].some((v) => !v?.trim())) return INVOICE_TEXT.vatFields;
  return '';
}
