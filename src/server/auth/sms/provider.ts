import type { CodeType } from '../../../shared/schemas/auth.ts';

/** One verification code to deliver. */
export interface SmsMessage {
  phone: string;
  phone_code: string;
  type: CodeType;
  code: string;
}

/**
 * Delivers verification codes. Implementations throw a ServiceError with a shopper-facing message when the
 * message could not be handed over, so the send is rolled back and the shopper may try again at once.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
