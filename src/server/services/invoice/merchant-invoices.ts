import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderReceipt, storeOrder } from '../../db/schema/index.ts';
import { INVOICE_TEXT } from '../../../shared/invoice.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { correctInvoiceBody, issueInvoiceBody, merchantInvoiceQuery } from '../../../shared/schemas/invoice.ts';
import { ServiceError } from '../errors.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { invoiceBaseDto, type InvoiceBaseDto, type InvoiceRow } from './invoice-dto.ts';

/** An invoice as its merchant reads it: the invoice and which paid order it is for. */
export interface MerchantInvoiceDto extends InvoiceBaseDto {
  order_sn: string;
  pay_time: string | null;
}

type OrderPart = Pick<typeof storeOrder.$inferSelect, 'orderSn' | 'payTime'>;

const dto = (r: InvoiceRow, o: OrderPart): MerchantInvoiceDto => ({
  ...invoiceBaseDto(r),
  order_sn: o.orderSn,
  pay_time: formatDateTime(o.payTime),
});

export const INVOICE_ISSUE_TEXT = {
  unpaid: '订单未支付，不能开票',
  issued: '发票已开具',
  mailedOnlyVat: '只有增值税专用发票可标记为已开票未寄出',
  notMailed: '发票已开具，尚未寄出',
  done: '开票成功',
  nothingToCorrect: '该发票没有需要红冲的退款',
  newSnNeeded: '退款后仍有开票金额，请填写新发票号码',
  noNewSn: '订单已全额退款，无需开具新发票',
  sameSn: '新发票号码不能与原发票或红字发票相同',
  corrected: '红冲重开成功',
  changed: '发票的退款金额刚刚变化，请刷新后重试',
  otherSn: (sn: string) => `该发票已开具，号码为 ${sn}：寄出时请填写同一号码`,
} as const;

/**
 * `GET /api/merchant/receipt?status&correct&page&limit`: the invoices asked for with the merchant's paid orders,
 * newest first; `status` '' or `all` every one, 0 to issue, 1 issued, 10 issued and not yet mailed; `correct` 1 the
 * issued ones refunded since (to reverse and re-issue), 2 the corrected ones.
 */
export async function listMerchantInvoices(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantInvoiceDto>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantInvoiceQuery, input);
  const where = and(
    eq(orderReceipt.merId, merId),
    eq(storeOrder.paid, true),
    q.status === '' ? undefined : eq(orderReceipt.status, Number(q.status)),
    q.correct === '' ? undefined : eq(orderReceipt.correctStatus, Number(q.correct)),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ r: orderReceipt, o: { orderSn: storeOrder.orderSn, payTime: storeOrder.payTime } })
      .from(orderReceipt)
      .innerJoin(storeOrder, eq(storeOrder.orderId, orderReceipt.orderId))
      .where(where)
      .orderBy(desc(orderReceipt.orderReceiptId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderReceipt)
      .innerJoin(storeOrder, eq(storeOrder.orderId, orderReceipt.orderId))
      .where(where),
  ]);
  return { count: total?.count ?? 0, list: rows.map((x) => dto(x.r, x.o)) };
}

const refuse = (m: string) => new ServiceError('refused', m);

const invoiceId = (input: { id: unknown }) => parseInput(z.object({ id: idField('发票ID') }), { id: input.id }).id;

/** Invoice `id` of the merchant's with its order's number, pay time and payment; another shop's or none is a 404. */
async function findMerchantInvoice(ctx: MerchantContext, merId: number, id: number) {
  const [found] = await ctx.db
    .select({ r: orderReceipt, o: { orderSn: storeOrder.orderSn, payTime: storeOrder.payTime, paid: storeOrder.paid } })
    .from(orderReceipt)
    .innerJoin(storeOrder, eq(storeOrder.orderId, orderReceipt.orderId))
    .where(and(eq(orderReceipt.orderReceiptId, id), eq(orderReceipt.merId, merId)));
  if (!found) throw notFound(INVOICE_TEXT.invoiceGone);
  return found;
}

/**
 * `POST /api/merchant/receipt/{order_receipt_id}` `{status, receipt_sn, receipt_url?, mark?}`: the merchant issues
 * an invoice of one of its paid orders. `status` 1 issued (from 0, or from 10 once a paper invoice is mailed), 10
 * issued on paper and not yet mailed (a special VAT invoice, from 0). A conditional update on the status it starts
 * from: a retry or a concurrent call changes nothing twice and is refused. Another merchant's invoice is a 404.
 */
export async function issueInvoice(ctx: MerchantContext, input: { id: unknown } & Record<string, unknown>): Promise<MerchantInvoiceDto> {
  const { merId } = requireMerchant(ctx);
  const id = invoiceId(input);
  const body = parseInput(issueInvoiceBody, input);
  const found = await findMerchantInvoice(ctx, merId, id);
  if (!found.o.paid) throw refuse(INVOICE_ISSUE_TEXT.unpaid);
  if (body.status === 10 && found.r.receiptInfo.receipt_type !== 2) throw refuse(INVOICE_ISSUE_TEXT.mailedOnlyVat);
  // Mailing a paper invoice issued before (10 → 1) names the invoice it issued: a different number is refused, not
  // written over the issued one.
  if (body.status === 1 && found.r.status === 10 && body.receipt_sn !== found.r.receiptSn) {
    throw refuse(INVOICE_ISSUE_TEXT.otherSn(found.r.receiptSn));
  }
  const from =
    body.status === 1
      ? or(eq(orderReceipt.status, 0), and(eq(orderReceipt.status, 10), eq(orderReceipt.receiptSn, body.receipt_sn)))
      : eq(orderReceipt.status, 0);
  const [row] = await ctx.db
    .update(orderReceipt)
    .set({
      status: body.status,
      receiptSn: body.receipt_sn,
      receiptUrl: body.receipt_url || found.r.receiptUrl,
      mark: body.mark || found.r.mark,
      statusTime: now(),
    })
    .where(and(eq(orderReceipt.orderReceiptId, id), eq(orderReceipt.merId, merId), from))
    .returning();
  if (!row) {
    const [current] = await ctx.db.select({ status: orderReceipt.status }).from(orderReceipt).where(eq(orderReceipt.orderReceiptId, id));
    throw refuse(current?.status === 10 ? INVOICE_ISSUE_TEXT.notMailed : INVOICE_ISSUE_TEXT.issued);
  }
  return dto(row, found.o);
}

/**
 * `POST /api/merchant/receipt/correct/{order_receipt_id}` `{red_sn, receipt_sn?, receipt_url?, mark?}`: an issued
 * invoice refunded since (`correct_status` 1) is reversed by the red-letter invoice `red_sn` for its whole amount, and
 * replaced by `receipt_sn` for what is left (`receipt_price` less `refund_price`; a paper special VAT invoice is then
 * 10, to mail). When the order was refunded in full nothing is left: no new number, and the invoice stays reversed.
 * A conditional update on the status and the refunded amount the merchant saw: a retry, a concurrent call or a refund
 * landing meanwhile changes nothing and is refused.
 */
export async function correctInvoice(ctx: MerchantContext, input: { id: unknown } & Record<string, unknown>): Promise<MerchantInvoiceDto> {
  const { merId } = requireMerchant(ctx);
  const id = invoiceId(input);
  const body = parseInput(correctInvoiceBody, input);
  const found = await findMerchantInvoice(ctx, merId, id);
  const r = found.r;
  if (r.correctStatus !== 1) throw refuse(INVOICE_ISSUE_TEXT.nothingToCorrect);
  const left = r.receiptPrice - r.refundPrice;
  if (left > 0 && !body.receipt_sn) throw refuse(INVOICE_ISSUE_TEXT.newSnNeeded);
  // A paper special VAT invoice with something left is issued anew on paper, to be mailed.
  const remail = left > 0 && r.receiptInfo.receipt_type === 2;
  if (left === 0 && body.receipt_sn) throw refuse(INVOICE_ISSUE_TEXT.noNewSn);
  // Neither new number may be the reversed invoice's, nor the two each other's.
  if (body.red_sn === r.receiptSn || (body.receipt_sn && (body.receipt_sn === r.receiptSn || body.receipt_sn === body.red_sn)))
    throw refuse(INVOICE_ISSUE_TEXT.sameSn);
  const [row] = await ctx.db
    .update(orderReceipt)
    .set({
      redSn: body.red_sn,
      redPrice: r.receiptPrice,
      receiptPrice: left,
      refundPrice: 0,
      correctStatus: 2,
      receiptSn: body.receipt_sn,
      // The old file is the reversed invoice's.
      receiptUrl: body.receipt_url,
      // A paper invoice to mail again: the old mailing note was the reversed invoice's.
      mark: body.mark || (remail ? '' : r.mark),
      status: remail ? 10 : 1,
      statusTime: now(),
    })
    .where(
      and(
        eq(orderReceipt.orderReceiptId, id),
        eq(orderReceipt.merId, merId),
        eq(orderReceipt.correctStatus, 1),
        eq(orderReceipt.receiptPrice, r.receiptPrice),
        eq(orderReceipt.refundPrice, r.refundPrice),
      ),
    )
    .returning();
  if (!row) {
    const [current] = await ctx.db
      .select({ correct: orderReceipt.correctStatus })
      .from(orderReceipt)
      .where(eq(orderReceipt.orderReceiptId, id));
    throw refuse(current?.correct === 1 ? INVOICE_ISSUE_TEXT.changed : INVOICE_ISSUE_TEXT.nothingToCorrect);
  }
  return dto(row, found.o);
}
