import { config, ConfigError, httpUrl } from '../../config.ts';
import { createHttpProvider } from './http.ts';
import { createOutboxProvider } from './outbox.ts';
import type { SmsProvider } from './provider.ts';

export type { CodeSms, NoticeSms, SmsMessage, SmsProvider, SmsType } from './provider.ts';

let current: SmsProvider | undefined;

/**
 * Checks the SMS settings (called once when the server opens its database, with the payment settings): an unknown
 * `SMS_PROVIDER`, or `http` without an http(s) `SMS_GATEWAY_URL`, stops the start with a message naming the variable,
 * instead of failing the first shopper's code.
 */
export function checkSmsSettings(): void {
  if (config.smsProvider === 'outbox') return;
  // A typo must not silently write codes to a file in production.
  if (config.smsProvider !== 'http')
    throw new ConfigError(`SMS_PROVIDER=${String(config.smsProvider)} is not an SMS provider: use outbox or http`);
  if (!httpUrl(config.smsGatewayUrl)) throw new ConfigError('SMS_PROVIDER=http needs SMS_GATEWAY_URL, an http(s) address');
}

/** The configured provider (SMS_PROVIDER=outbox|http), created on first use. */
export function getSmsProvider(): SmsProvider {
  if (current) return current;
  checkSmsSettings();
  if (config.smsProvider === 'http') {
    current = createHttpProvider({
      url: config.smsGatewayUrl,
      token: config.smsGatewayToken,
      template: config.smsTemplate,
      noticeTemplate: config.smsNoticeTemplate,
    });
  } else {
    current = createOutboxProvider(config.smsOutbox);
  }
  return current;
}

/** Replaces the provider (tests; an operator's own integration). */
export function useSmsProvider(provider: SmsProvider): void {
  current = provider;
}
