import { get, send } from './api.ts';
import type { InvoiceTitleDto } from '../shared/invoice.ts';
import type { ReceiptInput } from '../shared/schemas/invoice.ts';

/** The saved invoice title calls of the API contract (`/api/user/receipt/*`), for /user/invoice_list and checkout, and the invoice asked for a paid order. */
export const invoiceApi = {
  titles: () => get<InvoiceTitleDto[]>('/api/user/receipt/lst'),
  /** Adds (no `id`) or edits a title; resolves with the saved title and the server's message. */
  save: (body: ReceiptInput & { is_default?: number }, id?: number) =>
    send<InvoiceTitleDto>('POST', id ? `/api/user/receipt/update/${id}` : '/api/user/receipt/create', { body }),
  setDefault: (id: number) => send<unknown>('POST', `/api/user/receipt/is_default/${id}`),
  remove: (id: number) => send<unknown>('POST', `/api/user/receipt/delete/${id}`),
  /** Asks for the invoice of a paid order that has none (`POST /api/order/receipt/{order_id}`). */
  request: (orderId: number, body: ReceiptInput) => send<unknown>('POST', `/api/order/receipt/${orderId}`, { body }),
};
