import type { orderReceipt } from '../../db/schema/index.ts';
import { INVOICE_STATUS_TEXT, type ReceiptInfoDto } from '../../../shared/invoice.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import type { StoreOrderDto } from '../order/store-order-dto.ts';

export type InvoiceRow = typeof orderReceipt.$inferSelect;

/** The fields of an invoice both the shopper and the merchant read. */
export interface InvoiceBaseDto {
  order_receipt_id: number;
  order_id: number;
  mer_id: number;
  receipt_info: ReceiptInfoDto;
  /** The store order's pay price, yuan. */
  receipt_price: string;
  /** 0 not issued, 1 issued, 10 issued on paper and not yet mailed. */
  status: number;
  status_text: string;
  /** When it was last issued or mailed (null before). */
  status_time: string | null;
  /** The invoice number ('' before issuing). */
  receipt_sn: string;
  /** A link to the invoice file ('' when none). */
  receipt_url: string;
  /** The merchant's note (a courier and tracking number for a mailed invoice). */
  mark: string;
  create_time: string;
}

/** An invoice as the shopper reads it (`GET /api/user/receipt/order`), with its store order and the order's lines. */
export interface InvoiceDto extends InvoiceBaseDto {
  storeOrder: StoreOrderDto;
}

export function invoiceBaseDto(r: InvoiceRow): InvoiceBaseDto {
  return {
    order_receipt_id: r.orderReceiptId,
    order_id: r.orderId,
    mer_id: r.merId,
    receipt_info: r.receiptInfo,
    receipt_price: toYuan(r.receiptPrice),
    status: r.status,
    status_text: INVOICE_STATUS_TEXT[r.status] ?? '',
    status_time: formatDateTime(r.statusTime),
    receipt_sn: r.receiptSn,
    receipt_url: r.receiptUrl,
    mark: r.mark,
    create_time: formatDateTime(r.createdAt)!,
  };
}
