import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { systemConfig } from '../db/schema/index.ts';
import { parseYuan, toYuan } from '../../shared/money.ts';
import type { PaymentNotice, QrMethod, QrPaymentProvider } from './provider.ts';

/**
 * The sandbox gateway: behaves like a real QR gateway with no network. Its QR code is a URL on this site
 * (`/sandbox_pay?t=<ticket>`) where a second device sees the amount and confirms or declines; the gateway side then
 * POSTs a signed notification (a form, like Alipay's) to this shop's `/api/notify/sandbox` (never to a URL taken from
 * the request), resending it as real gateways do. The ticket is kept short so its QR code stays easy to scan.
 * The ticket carries the trade and is signed; the gateway keeps only the payer's answer to each trade, in the database
 * (`sandbox_trade`, sandbox-gateway.ts), so any process can answer it and none answers it twice.
 * Its key is made once per database (`system_config.sandbox_pay_key`), shared by every process.
 */

export interface SandboxTicket {
  /** out_trade_no */
  o: string;
  /** amount, cents */
  a: number;
  m: QrMethod;
  /** title */
  t: string;
  /** expiry, unix seconds */
  e: number;
}

const KEY_SETTING = 'sandbox_pay_key';
let cachedKey: string | undefined;

/** The sandbox's signing key: read from the database, created there by the first process that needs it. */
export async function sandboxKey(db: Db): Promise<string> {
  if (cachedKey) return cachedKey;
  await db
    .insert(systemConfig)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, KEY_SETTING));
  cachedKey = String(row!.value);
  return cachedKey;
}

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url');

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function signTicket(key: string, ticket: SandboxTicket): string {
  const body = Buffer.from(JSON.stringify(ticket)).toString('base64url');
  return `${body}.${hmac(key, `ticket.${body}`)}`;
}

/** The ticket of a sandbox QR code, or null when it was not signed by this sandbox (or is malformed). */
export function readTicket(key: string, t: string): SandboxTicket | null {
  const [body, sig, ...rest] = String(t).split('.');
  if (!body || !sig || rest.length || !safeEqual(sig, hmac(key, `ticket.${body}`))) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxTicket;
    return typeof v.o === 'string' && Number.isInteger(v.a) && Number.isInteger(v.e) ? v : null;
  } catch {
    return null;
  }
}

/** The canonical string signed in a notification: the fields but `sign`, sorted by name, `k=v` joined by `&`. */
const canonical = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

export function signNotification(key: string, fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ ...fields, sign: hmac(key, `notify.${canonical(fields)}`) });
}

export function createSandboxProvider(key: string, siteUrl: string): QrPaymentProvider {
  return {
    name: 'sandbox',
    ack: 'success',
    async createQr(req) {
      const ticket: SandboxTicket = {
        o: req.outTradeNo,
        a: req.amount,
        m: req.method,
        t: req.title,
        e: Math.floor(req.expiresAt.getTime() / 1000),
      };
      return { codeUrl: `${siteUrl}/sandbox_pay?t=${signTicket(key, ticket)}` };
    },
    // The sandbox gateway keeps no state: a refund within the trade's amount succeeds, and the same refund number
    // always gets the same refund number back, as a real gateway answers a repeated request.
    async refund(req) {
      if (!Number.isInteger(req.amount) || req.amount <= 0 || req.amount > req.tradeAmount) {
        throw new Error(`refund amount ${req.amount} outside 1..${req.tradeAmount}`);
      }
      return { providerRefundNo: `SBR${hmac(key, `refund.${req.outTradeNo}.${req.refundNo}`).slice(0, 20)}` };
    },
    parseNotification(body): PaymentNotice | null {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (!fields.sign || !safeEqual(fields.sign, hmac(key, `notify.${canonical(fields)}`))) return null;
      const cents = parseYuan(fields.total_amount ?? '');
      if (!fields.out_trade_no || cents === null) return null;
      return {
        outTradeNo: fields.out_trade_no,
        providerTradeNo: fields.trade_no ?? '',
        amount: cents,
        currency: fields.currency || 'CNY',
        status: fields.trade_status === 'TRADE_SUCCESS' ? 'paid' : 'failed',
        reason: fields.reason || undefined,
      };
    },
  };
}

/** The notification the sandbox gateway sends when the payer confirms or declines (before signing). */
export function sandboxNotification(ticket: SandboxTicket, action: 'confirm' | 'decline', at: Date): Record<string, string> {
  return {
    out_trade_no: ticket.o,
    trade_no: `SB${ticket.o.replace(/\D/g, '').slice(-20)}`,
    total_amount: toYuan(ticket.a),
    currency: 'CNY',
    trade_status: action === 'confirm' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
    reason: action === 'confirm' ? '' : '付款人取消了支付',
    notify_time: at.toISOString(),
  };
}
