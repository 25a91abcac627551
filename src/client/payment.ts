import { get, post, send } from './api.ts';
import type { PayResultDto, PayStatusDto } from '../shared/payment.ts';
import type { PayMethod } from '../shared/schemas/payment.ts';
import { url } from '../shared/routes.ts';

/** The payment calls of reference section 4b, for the payment page's island and the sandbox gateway's page. */

/** What is paid: a group order, or (`presell`) the balance of a presale order (id = order_id). */
export interface PayTarget {
  id: number;
  presell: boolean;
}

/** `POST /api/order/pay/{id}`, or `POST /api/presell/pay/{id}` for a presale balance. */
export const payOrder = (t: PayTarget, type: PayMethod) =>
  post<PayResultDto>(t.presell ? `/api/presell/pay/${t.id}` : `/api/order/pay/${t.id}`, { type });

/** `GET /api/order/status/{id}` (`?type=2` for a presale balance), polled while a QR code is shown. */
export const payStatus = (t: PayTarget, signal?: AbortSignal) =>
  get<PayStatusDto>(`/api/order/status/${t.id}`, t.presell ? { type: 2 } : undefined, signal);

const type = (t: PayTarget) => (t.presell ? 2 : undefined);
export const successUrl = (t: PayTarget) => url('paymentSuccess', { orderId: t.id, type: type(t) });
export const failedUrl = (t: PayTarget, reason: string) => url('paymentFailed', { orderId: t.id, type: type(t), reason });

/** The payer's answer on the sandbox gateway's page: resolves with the gateway's message. */
export async function answerSandbox(ticket: string, action: 'confirm' | 'decline'): Promise<string> {
  return (await send<{ status: string }>('POST', '/api/sandbox/pay', { body: { t: ticket, action } })).message;
}
