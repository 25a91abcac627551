import type { CodeType } from '../../../shared/schemas/auth.ts';

/** One verification code to deliver. */
export interface CodeSms {
  phone: string;
  phone_code: string;
  type: CodeType;
  code: string;
}

/**
 * A notice without a code. `register_notice`: someone asked for a register code for a phone that already has an
 * account, so its owner is told instead (the answer to the asker does not say the phone is registered).
 * `phone_changed`: the account of this phone was moved to another phone, so the owner learns of it even when
 * someone else did it with their session. `intention_reviewed`: a merchant application was approved or rejected, so
 * its applicant need not keep checking the record. `arrival_notice`: a sold-out SKU the shopper asked to hear about
 * (到货通知) can be bought again. `order_shipped`, `refund_refused`, `return_approved`, `refund_done`, `presell_balance`:
 * the shopper's order shipped (with its parcel), a refund request was refused (the reason) or its return approved (where
 * to, by when), a refund's money went back, a deposit presale's balance can be paid now. `merchant_order`,
 * `merchant_refund`: to a shop's notice phone, an order to ship came in, a buyer asked for a refund or sent a return back.
 */
export interface NoticeSms {
  phone: string;
  phone_code: string;
  type:
    | 'register_notice'
    | 'phone_changed'
    | 'intention_reviewed'
    | 'arrival_notice'
    | 'order_shipped'
    | 'refund_refused'
    | 'return_approved'
    | 'refund_done'
    | 'presell_balance'
    | 'merchant_order'
    | 'merchant_refund';
  text: string;
}

export type SmsMessage = CodeSms | NoticeSms;
export type SmsType = SmsMessage['type'];

/**
 * Delivers verification codes and notices. Implementations throw a ServiceError with a shopper-facing message when
 * the message could not be handed over, so the send is rolled back and the shopper may try again at once.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
