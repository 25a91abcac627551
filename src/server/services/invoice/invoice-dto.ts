import type { orderReceipt } from '../../db/schema/index.ts';
import { INVOICE_CORRECT_TEXT, INVOICE_STATUS_TEXT, type ReceiptInfoDto } from '../../../shared/invoice.ts';
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
  /** Refunded since the invoice was issued and not yet corrected, yuan. */
  refund_price: string;
  /** What the corrected invoice is for (`receipt_price` less `refund_price`), yuan. */
  correct_price: string;
  /** 0 nothing to correct, 1 refunded after issue (to reverse and re-issue), 2 corrected. */
  correct_status: number;
  correct_text: string;
  /** The red-letter invoice of the last correction ('' before) and the amount it reversed, yuan. */
  red_sn: string;
  red_price: string;
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
    refund_price: toYuan(r.refundPrice),
    correct_price: toYuan(r.receiptPrice - r.refundPrice),
    correct_status: r.correctStatus,
    correct_text:
      r.correctStatus === 2 && r.receiptPrice === 0 ? INVOICE_CORRECT_TEXT.reversed : INVOICE_CORRECT_TEXT[r.correctStatus as 0 | 1 | 2],
    red_sn: r.redSn,
    red_price: toYuan(r.redPrice),
  };
}
