import { z } from './zod.ts';
import { blank, noControlChars } from './common.ts';
import { INVOICE_MAX, INVOICE_TEXT, invoiceProblem } from '../invoice.ts';
import { paged } from './catalogue.ts';

/**
 * The one invoice schema: a saved title (`POST /api/user/receipt/create|update/{id}`), an invoice asked for at
 * checkout (`receipt_data[mer_id]` of `POST /api/v2/order/create`) and both forms validate with `receiptInput`.
 * Its output is what is stored (`ReceiptInfo`): trimmed, the tax number upper-cased, and only the fields the kind
 * uses (a personal title has no tax number, a normal invoice no bank details, a special VAT invoice no e-mail).
 */

const field = (name: string, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? '' : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
    z
      .string({ error: `${name}格式不正确` })
      .trim()
      .max(max, `${name}不能超过${max}个字`)
      .refine(...noControlChars(name)),
  );

const kind = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : v),
    z.union([z.literal(1), z.literal(2)], { error: message }),
  );

export const receiptInput = z
  .object({
    receipt_type: kind(INVOICE_TEXT.type),
    receipt_title_type: kind(INVOICE_TEXT.titleType),
    receipt_title: field('发票抬头', INVOICE_MAX.receipt_title),
    duty_paragraph: field('纳税人识别号', 30),
    email: field('收票邮箱', INVOICE_MAX.email),
    bank_name: field('开户银行', INVOICE_MAX.bank_name),
    bank_code: field('银行账号', INVOICE_MAX.bank_code),
    address: field('注册地址', INVOICE_MAX.address),
    tel: field('注册电话', INVOICE_MAX.tel),
  })
  .superRefine((inv, ctx) => {
    const problem = invoiceProblem(inv);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((inv) => {
    const company = inv.receipt_title_type === 2;
    const vat = inv.receipt_type === 2;
    return {
      receipt_type: inv.receipt_type,
      receipt_title_type: inv.receipt_title_type,
      receipt_title: inv.receipt_title,
      duty_paragraph: company ? inv.duty_paragraph.toUpperCase() : '',
      email: vat ? '' : inv.email,
      bank_name: vat ? inv.bank_name : '',
      bank_code: vat ? inv.bank_code : '',
      address: vat ? inv.address : '',
      tel: vat ? inv.tel : '',
    };
  });
/** What the verbs and clients accept: any subset of the fields, unchecked (the schema checks). */
export type ReceiptInput = { [K in keyof z.input<typeof receiptInput>]?: unknown };
export type ReceiptFields = z.output<typeof receiptInput>;

/** `is_default` of a saved title: 1 / true makes it the shopper's default. */
export const defaultFlag = z.object({
  is_default: z.preprocess(
    (v) => (blank(v) ? 0 : v === true || v === '1' || v === 'true' ? 1 : v === false || v === '0' || v === 'false' ? 0 : v),
    z.union([z.literal(0), z.literal(1)], { error: '默认设置不正确' }),
  ),
});

/** A saved title as the API takes it: the invoice fields and `is_default`. */
export type InvoiceTitleInput = ReceiptInput & { is_default?: unknown };

/** `status` of `GET /api/user/receipt/order` (reference `/user/invoice_list`): '' all, 0 not issued, 1 issued, 10 not mailed. */
export const INVOICE_FILTERS = ['', '0', '1', '10'] as const;

const statusFilter = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.enum(INVOICE_FILTERS, { error: '发票状态不正确' }),
);

export const invoiceListQuery = z.object({ status: statusFilter, ...paged(10) });
export type InvoiceListQuery = { [K in keyof z.output<typeof invoiceListQuery>]?: unknown };

/** `GET /api/merchant/receipt?status&page&limit`: as the shopper's filter ('' or `all` every invoice). */
export const merchantInvoiceQuery = z.object({
  status: z.preprocess((v) => (v === 'all' ? '' : v), statusFilter),
  /** '' every invoice; 1 refunded after issue (to reverse and re-issue); 2 corrected; 0 neither. */
  correct: z.preprocess(
    (v) => (v === undefined || v === null || v === 'all' ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.enum(['', '0', '1', '2'], { error: '红冲状态不正确：1 待红冲重开，2 已红冲重开' }),
  ),
  ...paged(20),
});

/** An http(s) link to the invoice file. */
const fileUrl = z.preprocess(
  (v) => (blank(v) ? '' : v),
  z
    .string({ error: '发票链接格式不正确' })
    .trim()
    .max(500, '发票链接不能超过500个字')
    .refine((s) => {
      if (!s) return true;
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
      } catch {
        return false;
      }
    }, '发票链接须以 http:// 或 https:// 开头'),
);

/**
 * Body of `POST /api/merchant/receipt/{order_receipt_id}`: `status` 1 issued or 10 issued on paper and not yet
 * mailed (special VAT only), `receipt_sn` the invoice number, `receipt_url` a link to the file, `mark` a note (a
 * courier and tracking number).
 */
export const issueInvoiceBody = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.union([z.literal(1), z.literal(10)], { error: '开票状态不正确：1 已开票，10 已开票未寄出' }),
  ),
  receipt_sn: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : blank(v) ? '' : v),
    z
      .string({ error: '请填写发票号码' })
      .trim()
      .min(1, '请填写发票号码')
      .regex(/^[A-Za-z0-9-]{4,40}$/, '发票号码格式不正确'),
  ),
  receipt_url: fileUrl,
  mark: field('备注', 200),
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBody>;

const invoiceSn = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : blank(v) ? '' : v),
    z
      .string({ error: `${what}格式不正确` })
      .trim()
      .refine((s) => s === '' || /^[A-Za-z0-9-]{4,40}$/.test(s), `${what}格式不正确`),
  );

/**
 * Body of `POST /api/merchant/receipt/correct/{order_receipt_id}`: an issued invoice refunded since is reversed by the
 * red-letter invoice `red_sn` and, when something is left to invoice, replaced by `receipt_sn` (with `receipt_url`,
 * `mark`) for the amount left.
 */
export const correctInvoiceBody = z.object({
  red_sn: invoiceSn('红字发票号码').refine((s) => s !== '', '请填写红字发票号码'),
  receipt_sn: invoiceSn('新发票号码'),
  receipt_url: fileUrl,
  mark: field('备注', 200),
});
export type CorrectInvoiceBody = z.input<typeof correctInvoiceBody>;
