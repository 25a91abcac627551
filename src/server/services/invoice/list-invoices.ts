import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, orderReceipt, storeOrder } from '../../db/schema/index.ts';
import type { ListPage } from '../../../shared/dto.ts';
import { INVOICE_TEXT } from '../../../shared/invoice.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { invoiceListQuery, type InvoiceListQuery } from '../../../shared/schemas/invoice.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, offsetOf, parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { storeOrderDtos } from '../order/store-order-dto.ts';
import { invoiceBaseDto, type InvoiceDto } from './invoice-dto.ts';

/** The shopper's invoices of paid orders matching `extra`, newest first, with their store orders. */
async function pageOfInvoices(ctx: ServiceContext, uid: number, extra: SQL | undefined, page: number, limit: number) {
  const where = and(eq(orderReceipt.uid, uid), eq(storeOrder.paid, true), extra);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ r: orderReceipt, o: storeOrder, m: merchant })
      .from(orderReceipt)
      .innerJoin(storeOrder, eq(storeOrder.orderId, orderReceipt.orderId))
      .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
      .where(where)
      .orderBy(desc(orderReceipt.orderReceiptId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderReceipt)
      .innerJoin(storeOrder, eq(storeOrder.orderId, orderReceipt.orderId))
      .where(where),
  ]);
  const orders = await storeOrderDtos(ctx.db, rows, now());
  const list: InvoiceDto[] = rows.map((x, i) => ({ ...invoiceBaseDto(x.r), storeOrder: orders[i]! }));
  return { count: total?.count ?? 0, list };
}

/**
 * `GET /api/user/receipt/order?page&limit&status` (login required, reference `/user/invoice_list`): the invoices
 * the shopper asked for with orders they paid, newest first, `status` '' all, 0 not issued, 1 issued, 10 not mailed.
 */
export async function listInvoices(ctx: ServiceContext, input: InvoiceListQuery = {}): Promise<ListPage<InvoiceDto>> {
  const user = requireUser(ctx);
  const q = parseInput(invoiceListQuery, input);
  return pageOfInvoices(ctx, user.uid, q.status === '' ? undefined : eq(orderReceipt.status, Number(q.status)), q.page, q.limit);
}

/** `GET /api/user/receipt/order/{order_receipt_id}` (login required): one of the shopper's invoices; another's is a 404. */
export async function getInvoice(ctx: ServiceContext, input: { id: unknown }): Promise<InvoiceDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('发票ID') }), input);
  const { list } = await pageOfInvoices(ctx, user.uid, eq(orderReceipt.orderReceiptId, id), 1, 1);
  if (!list[0]) throw notFound(INVOICE_TEXT.invoiceGone);
  return list[0];
}
