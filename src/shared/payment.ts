/**
 * What the payment API answers (reference section 4b), shared by the services that build it and the payment page's
 * island that reads it, and how a `pay_type` is named to a shopper. Isomorphic: no server imports.
 */

/** The QR half of `POST /api/order/pay/{id}`: what to show as a QR code and how long it may be paid. */
export interface QrPayDto {
  /** What the QR code encodes: the gateway's payment URL (reference: `result.config`). */
  config: string;
  /** The same, drawn on the server: a `data:image/svg+xml` URL, so the browser needs no QR library. */
  qrcode: string;
  order_id: number;
  out_trade_no: string;
  /** CNY charged, yuan. */
  pay_price: string;
  expire_seconds: number;
  /** Unix seconds. */
  expires_at: number;
}

/** `POST /api/order/pay/{id}` and `POST /api/presell/pay/{id}` data: balance is paid at once; a QR method hands back its code. */
export type PayResultDto = { status: 'success'; result: { order_id: number } } | { status: 'weixinQr' | 'alipayQr'; result: QrPayDto };

/** `GET /api/order/status/{id}`: what the payment page polls. */
export interface PayStatusDto {
  order_id: number;
  /** 1 once the order is paid (by any attempt). */
  paid: number;
  /**
   * `paid`; `pending` (waiting for the payer); `failed` (the last attempt was declined or failed: `reason` says
   * why); `cancelled` (the order was cancelled; money taken meanwhile is refunded); `expired` (the QR code ran out).
   */
  status: 'paid' | 'pending' | 'failed' | 'cancelled' | 'expired';
  reason: string;
  pay_price: string;
  pay_type: number | null;
}

/** How a shopper reads a `pay_type` (reference section 3: 0 balance, 1/2/3/6 WeChat, 4/5 Alipay). */
export function payTypeName(payType: number | null | undefined): string {
  if (payType === 0) return '余额支付';
  if (payType === 1 || payType === 2 || payType === 3 || payType === 6) return '微信支付';
  if (payType === 4 || payType === 5) return '支付宝';
  return '';
}
