import { ServiceError } from '../../services/errors.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

export interface HttpProviderOptions {
  url: string;
  token?: string;
  /** Template of verification codes. */
  template: string;
  /** Template of `register_notice` messages (default `register_notice`); other notices use their type as template. */
  noticeTemplate?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const SMS_FAILED = '短信发送失败，请稍后再试';

/**
 * Production delivery through an HTTP gateway: POSTs `{phone, phone_code, type, code, template}` as JSON (a notice:
 * `{phone, phone_code, type, text, template: noticeTemplate}`), with `Authorization: Bearer <token>` when a token is
 * configured. Any non-2xx answer or network error fails the send.
 */
export function createHttpProvider(o: HttpProviderOptions): SmsProvider {
  if (!o.url) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL');
  const doFetch = o.fetch ?? fetch;
  return {
    name: 'http',
    async send(m: SmsMessage) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const content =
        'code' in m
          ? { code: m.code, template: o.template }
          : { text: m.text, template: m.type === 'register_notice' ? (o.noticeTemplate ?? 'register_notice') : m.type };
      const body = JSON.stringify({ phone: m.phone, phone_code: m.phone_code, type: m.type, ...content });
      let res: Response;
      try {
        res = await doFetch(o.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(o.timeoutMs ?? 10000) });
      } catch (err) {
        // The code itself never goes to the log: only where and why delivery failed.
        console.error(`[mallfront] sms gateway unreachable: ${(err as Error).message}`);
        throw new ServiceError('unavailable', SMS_FAILED);
      }
      if (!res.ok) {
        console.error(`[mallfront] sms gateway answered HTTP ${res.status}`);
        throw new ServiceError('unavailable', SMS_FAILED);
      }
    },
  };
}
