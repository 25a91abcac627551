import { config } from '../../config.ts';
import { createHttpProvider } from './http.ts';
import { createOutboxProvider } from './outbox.ts';
import type { SmsProvider } from './provider.ts';

export type { CodeSms, NoticeSms, SmsMessage, SmsProvider, SmsType } from './provider.ts';

let current: SmsProvider | undefined;

/** The configured provider (SMS_PROVIDER=outbox|http), created on first use. */
export function getSmsProvider(): SmsProvider {
  if (current) return current;
  if (config.smsProvider === 'http') {
    current = createHttpProvider({
      url: config.smsGatewayUrl,
      token: config.smsGatewayToken,
      template: config.smsTemplate,
      noticeTemplate: config.smsNoticeTemplate,
    });
  } else if (config.smsProvider === 'outbox') {
    current = createOutboxProvider(config.smsOutbox);
  } else {
    // A typo must not silently write codes to a file in production.
    throw new Error(`Unknown SMS_PROVIDER "${String(config.smsProvider)}": use outbox or http`);
  }
  return current;
}

/** Replaces the provider (tests; an operator's own integration). */
export function useSmsProvider(provider: SmsProvider): void {
  current = provider;
}
