/**
 * Invoice rules shared by the checkout form, the saved-titles form and the server (reference section 3:
 * `receipt_type` 1 normal e-invoice, 2 special VAT invoice; `receipt_title_type` 1 personal, 2 company). Isomorphic.
 * The zod schema that applies them is `receiptInput` in `shared/schemas/invoice.ts`.
 */

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A taxpayer identification number (纳税人识别号): the 18-character unified social credit code (统一社会信用代码) issued
 * today, whose last character is the check character of GB 32100-2015 (weights 3^i mod 31 over the 31-character
 * alphabet without I, O, S, V, Z); or an older taxpayer number still on many companies' records, of 15, 17 or 20
 * digits and capital letters (area code and organisation code, or an identity card number and a suffix), which has
 * no check character of its own. Letters may be typed in lower case.
 */
export function isTaxId(raw: string): boolean {
  const s = raw.trim().toUpperCase();
  if (/^[0-9A-Z]{15}$|^[0-9A-Z]{17}$|^[0-9A-Z]{20}$/.test(s)) return true;
  if (!/^[0-9A-HJ-NP-RTUWXY]{18}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(s[i]!) * USCC_WEIGHTS[i]!;
  return s[17] === USCC_CHARS[(31 - (sum % 31)) % 31];
}

export const isEmail = (s: string) => /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(s.trim());

/** What the forms hold (every field optional while typing). */
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

/** The longest value of each field. */
export const INVOICE_MAX = {
  receipt_title: 60,
  duty_paragraph: 20,
  email: 100,
  bank_name: 60,
  bank_code: 40,
  address: 100,
  tel: 30,
} as const;

/** At most this many saved titles per shopper. */
export const INVOICE_TITLE_LIMIT = 20;

export const INVOICE_TEXT = {
  normal: '普通电子发票',
  vat: '增值税专用发票',
  personal: '个人',
  company: '企业',
  type: '发票类型不正确',
  titleType: '发票抬头类型不正确',
  title: '请填写发票抬头',
  titleLong: `发票抬头不能超过${INVOICE_MAX.receipt_title}个字`,
  personalVat: '增值税专用发票只能开给企业，请选择企业抬头',
  taxIdMissing: '请填写纳税人识别号',
  taxId: '纳税人识别号格式不正确',
  email: '请填写正确的收票邮箱',
  bankName: '请填写开户银行',
  bankCode: '请填写正确的银行账号',
  address: '请填写注册地址',
  tel: '请填写正确的注册电话',
  limit: `最多保存${INVOICE_TITLE_LIMIT}个发票抬头`,
  titleGone: '发票抬头不存在',
  invoiceGone: '发票信息不存在',
  created: '添加成功',
  updated: '编辑成功',
  deleted: '删除成功',
  defaulted: '修改成功',
} as const;

/** The name shown for an invoice kind. */
export const invoiceKind = (receiptType: number) => (receiptType === 2 ? INVOICE_TEXT.vat : INVOICE_TEXT.normal);

/** Reference section 3: 0 not issued, 1 issued, 10 issued on paper, not yet mailed. */
export const INVOICE_STATUS_TEXT: Record<number, string> = { 0: '未开票', 1: '已开票', 10: '未寄出' };

/**
 * The correction of an issued invoice after a refund (`correct_status`): 1 the refund is still on the issued invoice
 * (the merchant reverses it with a red-letter invoice and issues one for what is left), 2 done. `reversed` is a
 * correction that left nothing to invoice (the order was refunded in full).
 */
export const INVOICE_CORRECT_TEXT = { 0: '', 1: '退款后待红冲重开', 2: '已红冲重开', reversed: '已红冲' } as const;

const BANK_CODE = /^\d[\d -]{6,38}\d$/;
const TEL = /^\+?[\d][\d\- ()]{4,28}\d$/;

/**
 * What is wrong with an invoice (the first problem, '' when nothing): a title of 1-60 characters; a personal title
 * only on a normal e-invoice; a company title with a valid tax number; a special VAT invoice also with the bank,
 * account, registered address and phone; an e-mail, when given, that is one. Lengths past the limits are the schema's.
 */
export function invoiceProblem(inv: InvoiceFields): string {
  if (inv.receipt_type !== 1 && inv.receipt_type !== 2) return INVOICE_TEXT.type;
  if (inv.receipt_title_type !== 1 && inv.receipt_title_type !== 2) return INVOICE_TEXT.titleType;
  if (inv.receipt_type === 2 && inv.receipt_title_type !== 2) return INVOICE_TEXT.personalVat;
  const title = inv.receipt_title?.trim() ?? '';
  if (!title) return INVOICE_TEXT.title;
  if (title.length > INVOICE_MAX.receipt_title) return INVOICE_TEXT.titleLong;
  if (inv.receipt_title_type === 2) {
    const tax = inv.duty_paragraph?.trim() ?? '';
    if (!tax) return INVOICE_TEXT.taxIdMissing;
    if (!isTaxId(tax)) return INVOICE_TEXT.taxId;
  }
  if (inv.receipt_type === 1 && inv.email?.trim() && !isEmail(inv.email)) return INVOICE_TEXT.email;
  if (inv.receipt_type === 2) {
    if (!inv.bank_name?.trim()) return INVOICE_TEXT.bankName;
    if (!BANK_CODE.test(inv.bank_code?.trim() ?? '')) return INVOICE_TEXT.bankCode;
    if (!inv.address?.trim()) return INVOICE_TEXT.address;
    if (!TEL.test(inv.tel?.trim() ?? '')) return INVOICE_TEXT.tel;
  }
  return '';
}

/** What an invoice carries: the title and its details as asked for (stored with the invoice, `receipt_info`). */
export interface ReceiptInfoDto {
  receipt_type: 1 | 2;
  receipt_title_type: 1 | 2;
  receipt_title: string;
  duty_paragraph: string;
  email: string;
  bank_name: string;
  bank_code: string;
  address: string;
  tel: string;
}

/** A saved invoice title (`GET /api/user/receipt/lst`, `detail/{id}`). */
export interface InvoiceTitleDto extends ReceiptInfoDto {
  user_receipt_id: number;
  is_default: 0 | 1;
  create_time: string;
}
