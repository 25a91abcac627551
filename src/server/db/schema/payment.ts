import { pgTable, text, serial, integer, smallint, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';

/**
 * What a payment pays for: a whole group order (`group`, `subject_id` = group_order_id), or the balance of a
 * presale deposit order (`presell`, `subject_id` = order_id of the store order).
 */
export type PaymentSubject = 'group' | 'presell';

/**
 * `status` of a payment attempt:
 * - `pending`: asked of the provider (a QR code shown), no answer yet;
 * - `paid`: the provider said paid and this payment paid its subject (exactly one per subject);
 * - `failed`: the provider refused or the shopper declined;
 * - `refund_due`: the provider took the money but the subject could not take it (cancelled meanwhile, or paid
 *   already by another attempt, or an amount other than asked): kept for a refund, never lost; the `payment.refund`
 *   job gives it back through the same gateway;
 * - `refunded`: given back (`refund_no`, `refunded_at`).
 */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refund_due' | 'refunded';

/**
 * Every payment attempt, so support can reconstruct what happened. `out_trade_no` is our number sent to the
 * provider: a notification names it, and the conditional flip `pending -> paid` makes a replayed or concurrent
 * notification change nothing twice. Amounts are cents in `currency` (CNY: what the mall charges).
 */
export const payment = pgTable(
  'payment',
  {
    paymentId: serial('payment_id').primaryKey(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    subject: text('subject').$type<PaymentSubject>().notNull(),
    subjectId: integer('subject_id').notNull(),
    /** Provider name: `balance`, `sandbox`, `alipay` (see src/server/payment). */
    provider: text('provider').notNull(),
    /** `pay_type` index (PAY_TYPE) the order records when this attempt pays it. */
    payType: smallint('pay_type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CNY'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** What the QR code encodes (the provider's payment URL); empty for balance. */
    codeUrl: text('code_url').notNull().default(''),
    /** The provider's own trade number, from its answer or notification. */
    providerTradeNo: text('provider_trade_no').notNull().default(''),
    /** Why it failed or why the money is due back (shown to support, and to the shopper on /payment_failed). */
    reason: text('reason').notNull().default(''),
    /** After this the QR code is shown as expired and a new attempt is asked for. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The gateway's number for the refund of money this payment could not use (`refunded`). */
    refundNo: text('refund_no').notNull().default(''),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_subject_idx').on(t.subject, t.subjectId),
    index('payment_uid_idx').on(t.uid, t.createdAt),
    check('payment_amount', sql`${t.amount} >= 0`),
    check('payment_status_known', sql`${t.status} in ('pending', 'paid', 'failed', 'refund_due', 'refunded')`),
    check('payment_subject_known', sql`${t.subject} in ('group', 'presell')`),
  ],
);

/**
 * Every asynchronous notification received, verified or not, with what it did (`result`: `paid`, `duplicate`,
 * `refund_due`, `failed`, `bad_signature`, `amount_mismatch`, `unknown_trade`...). Raw body kept as received.
 */
export const paymentNotification = pgTable(
  'payment_notification',
  {
    notificationId: serial('notification_id').primaryKey(),
    provider: text('provider').notNull(),
    outTradeNo: text('out_trade_no').notNull().default(''),
    body: text('body').notNull(),
    verified: smallint('verified').notNull().default(0),
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notification_trade_idx').on(t.outTradeNo)],
);

/**
 * The balance half of a presale deposit order (presell_type 2): after the deposit is paid, the store order waits
 * in status 10 for `pay_price` (cents) between `final_start_time` and `final_end_time`; paid, it moves to 0 (to
 * ship); past the window it closes (status 11) by the `presell.close` job.
 */
export const presellOrder = pgTable(
  'presell_order',
  {
    presellOrderId: serial('presell_order_id').primaryKey(),
    orderId: integer('order_id').notNull().unique(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    merId: integer('mer_id').notNull(),
    presellOrderSn: text('presell_order_sn').notNull().unique(),
    payPrice: integer('pay_price').notNull(),
    finalStartTime: timestamp('final_start_time', { withTimezone: true }).notNull(),
    finalEndTime: timestamp('final_end_time', { withTimezone: true }).notNull(),
    paid: smallint('paid').notNull().default(0),
    payType: smallint('pay_type'),
    payTime: timestamp('pay_time', { withTimezone: true }),
    /** 1 open, 0 closed (window passed unpaid). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('presell_order_uid_idx').on(t.uid), check('presell_order_amount', sql`${t.payPrice} >= 0`)],
);

/** How the payer answered a sandbox trade: `paid` (confirmed) or `closed` (declined). */
export type SandboxTradeStatus = 'paid' | 'closed';

/**
 * The sandbox gateway's own record (src/server/payment/sandbox-gateway.ts), not the shop's: the payer's answer to
 * each of its trades, written when the phone answers. As at a real gateway, an answered trade stays answered: a
 * declined one cannot be paid afterwards, nor a paid one cancelled, whichever page, tab or process answers again.
 */
export const sandboxTrade = pgTable(
  'sandbox_trade',
  {
    outTradeNo: text('out_trade_no').primaryKey(),
    status: text('status').$type<SandboxTradeStatus>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('sandbox_trade_status_known', sql`${t.status} in ('paid', 'closed')`)],
);
