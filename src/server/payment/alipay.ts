import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { parseYuan, toYuan } from '../../shared/money.ts';
import type { AlipaySettings } from './alipay-settings.ts';
import type { PaymentNotice, QrPaymentProvider, QrRequest, RefundRequest } from './provider.ts';

/**
 * Alipay 当面付 (face-to-face) QR payment through the official `alipay-sdk` (OpenAPI 2.0 gateway, RSA2 keys):
 * `alipay.trade.precreate` returns the QR code the shopper scans; Alipay then POSTs a signed form to
 * `/api/notify/alipay`. The SDK signs every request and verifies every answer and notification with the keys of
 * `readAlipaySettings()` (alipay-settings.ts); this file never touches RSA itself.
 */

const PRECREATE = 'alipay.trade.precreate';
const REFUND = 'alipay.trade.refund';

/** Alipay reads its timestamps as Beijing time (UTC+8, no daylight saving), whatever the server's time zone. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The notification's trade_status: paid, closed (unpaid and expired, or refunded in full), or not an outcome. */
const OUTCOME: Record<string, PaymentNotice['status']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'failed',
};

/** Why a precreate failed, for the payment row and the log (the shopper reads PAY_TEXT.gateway). */
function refusal(err: unknown): string {
  if (!(err instanceof AlipayRequestError)) return err instanceof Error ? err.message : String(err);
  if (!err.message.startsWith('验签失败')) return err.message;
  // An `error_response` (a bad app id, a key Alipay does not know) comes back unverifiable: say what it claims.
  try {
    const e = (JSON.parse(err.responseDataRaw ?? '') as { error_response?: AlipaySdkCommonResult }).error_response;
    if (e) return `支付宝拒绝了请求（应答未通过验签）：${e.sub_msg || e.msg}（${e.sub_code || e.code}）`;
  } catch {
    // not JSON: the plain signature failure below
  }
  return '支付宝应答的签名无效';
}

export function createAlipayProvider(settings: AlipaySettings): QrPaymentProvider {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    // Keep Alipay's own field names (qr_code, sub_msg) in answers.
    camelcase: false,
    timeout: 10_000,
  });

  return {
    name: 'alipay',
    ack: 'success',

    async createQr(req: QrRequest) {
      if (req.method !== 'alipayQr') throw new Error(`the alipay provider takes only alipayQr, not ${req.method}`);
      const at = new Date();
      let answer: AlipaySdkCommonResult;
      try {
        answer = await sdk.exec(
          PRECREATE,
          {
            // Overrides the SDK's timestamp, which is in the server's own time zone.
            timestamp: beijingTime(at),
            notify_url: req.notifyUrl,
            bizContent: {
              out_trade_no: req.outTradeNo,
              total_amount: toYuan(req.amount),
              subject: req.title,
              // The QR code lapses with our payment attempt: the absolute time, and the relative one (whole
              // minutes, at least 1) for gateways that read only that.
              time_expire: beijingTime(req.expiresAt),
              timeout_express: `${Math.max(1, Math.ceil((req.expiresAt.getTime() - at.getTime()) / 60_000))}m`,
            },
          },
          { validateSign: true },
        );
      } catch (err) {
        throw new Error(`支付宝预下单失败：${refusal(err)}`);
      }
      if (answer.code !== '10000') {
        throw new Error(`支付宝预下单失败：${answer.sub_msg || answer.msg}（${answer.sub_code || answer.code}）`);
      }
      if (answer.out_trade_no !== req.outTradeNo || typeof answer.qr_code !== 'string' || !answer.qr_code) {
        throw new Error(`支付宝预下单失败：应答缺少本单的二维码（out_trade_no ${answer.out_trade_no ?? '无'}）`);
      }
      return { codeUrl: answer.qr_code };
    },

    /**
     * `alipay.trade.refund` with `out_request_no` = our refund number, so a repeated request (a retry after a timeout)
     * is answered with the first refund instead of refunding twice. `fund_change` N on a repeated request is fine.
     */
    async refund(req: RefundRequest) {
      let answer: AlipaySdkCommonResult;
      try {
        answer = await sdk.exec(
          REFUND,
          {
            timestamp: beijingTime(new Date()),
            bizContent: {
              out_trade_no: req.outTradeNo,
              ...(req.providerTradeNo ? { trade_no: req.providerTradeNo } : {}),
              refund_amount: toYuan(req.amount),
              refund_reason: req.reason.slice(0, 256),
              out_request_no: req.refundNo,
            },
          },
          { validateSign: true },
        );
      } catch (err) {
        throw new Error(`支付宝退款失败：${refusal(err)}`);
      }
      if (answer.code !== '10000') {
        throw new Error(`支付宝退款失败：${answer.sub_msg || answer.msg}（${answer.sub_code || answer.code}）`);
      }
      return { providerRefundNo: String(answer.trade_no ?? req.providerTradeNo) + ':' + req.refundNo };
    },

    /**
     * Alipay's asynchronous notification: a UTF-8 form (`notify_type=trade_status_sync`, `app_id`, `out_trade_no`,
     * `trade_no`, `trade_status`, `total_amount`, ..., `sign_type=RSA2`, `sign`), signed over every other field,
     * empty ones included, sorted by name.
     */
    parseNotification(body: string): PaymentNotice | null {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (!fields.sign || (fields.sign_type && fields.sign_type !== 'RSA2')) return null;
      // V2: the values are used as received (URLSearchParams decoded them once; V1 would decode them again).
      if (!sdk.checkNotifySignV2(fields)) return null;
      // Signed by Alipay but for another app of the same merchant: not ours.
      if (fields.app_id !== settings.appId) return null;
      const status = OUTCOME[fields.trade_status ?? ''];
      const cents = parseYuan(fields.total_amount ?? '');
      if (!status || cents === null || !fields.out_trade_no) return null;
      return {
        outTradeNo: fields.out_trade_no,
        providerTradeNo: fields.trade_no ?? '',
        amount: cents,
        currency: 'CNY',
        status,
        reason: status === 'failed' ? '支付宝交易已关闭' : undefined,
      };
    },
  };
}
