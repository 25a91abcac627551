/**
 * A payment gateway reached by QR code (WeChat Pay NATIVE, Alipay pre-create, or the local sandbox). The shop
 * asks it for a QR code, the shopper pays on a phone, and the gateway tells the shop asynchronously by a signed
 * notification to `/api/notify/<provider>`, maybe more than once or late. Calls to a gateway are network calls:
 * never inside a database transaction.
 */
export interface QrPaymentProvider {
  /** `sandbox`, `alipay` ...: stored on the payment row and the notify URL's last segment. */
  readonly name: string;
  /** Asks for a QR payment of `amount` cents; resolves to what the QR code encodes. Throws when the gateway refuses. */
  createQr(req: QrRequest): Promise<{ codeUrl: string; providerTradeNo?: string }>;
  /**
   * Verifies a notification as received (raw body, content type) and reads it; null when it is not signed by the
   * gateway (forged or tampered).
   */
  parseNotification(body: string, contentType: string): Promise<PaymentNotice | null> | PaymentNotice | null;
  /** The body the gateway expects once a notification is processed (or recorded), so it stops resending. */
  readonly ack: string;
  /**
   * Gives back `amount` cents of a paid trade. `refundNo` is our idempotency key: asking again with the same one
   * never refunds twice (gateways answer the first result). Resolves with the gateway's refund number; throws when the
   * gateway refuses or cannot be reached (the caller records it and retries later). Never inside a transaction.
   */
  refund(req: RefundRequest): Promise<{ providerRefundNo: string }>;
}

export interface RefundRequest {
  /** The paid trade: our number and the gateway's. */
  outTradeNo: string;
  providerTradeNo: string;
  /** Our refund number (idempotency key), e.g. the refund order's sn. */
  refundNo: string;
  /** Cents to give back, and what the trade took. */
  amount: number;
  tradeAmount: number;
  reason: string;
}

export type QrMethod = 'weixinQr' | 'alipayQr';

export interface QrRequest {
  method: QrMethod;
  outTradeNo: string;
  /** Cents, CNY. */
  amount: number;
  /** Shown by the gateway: 商城订单 <sn>. */
  title: string;
  /** Absolute URL the gateway notifies. */
  notifyUrl: string;
  expiresAt: Date;
}

/** What a verified notification says. */
export interface PaymentNotice {
  outTradeNo: string;
  providerTradeNo: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** `paid`: money taken; `failed`: declined or closed by the payer or the gateway. */
  status: 'paid' | 'failed';
  reason?: string;
}
