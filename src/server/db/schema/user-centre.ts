import { pgTable, text, serial, integer, boolean, smallint, jsonb, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';
import { merchant, merchantCategory, merchantType } from './catalogue-merchant.ts';
import { storeOrder, type ReceiptInfo } from './order.ts';

/**
 * A shopper's saved invoice titles (发票抬头), offered at checkout. `receipt_type` 1 normal e-invoice, 2 special VAT;
 * `receipt_title_type` 1 personal, 2 company (a company title has a tax number, `duty_paragraph`; a special VAT
 * title also the bank, account, address and phone). One default per shopper at most.
 */
export const userReceipt = pgTable(
  'user_receipt',
  {
    userReceiptId: serial('user_receipt_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    receiptType: smallint('receipt_type').notNull(),
    receiptTitleType: smallint('receipt_title_type').notNull(),
    receiptTitle: text('receipt_title').notNull(),
    dutyParagraph: text('duty_paragraph').notNull().default(''),
    email: text('email').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankCode: text('bank_code').notNull().default(''),
    address: text('address').notNull().default(''),
    tel: text('tel').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_receipt_uid_idx').on(t.uid, t.userReceiptId),
    uniqueIndex('user_receipt_default_uq').on(t.uid).where(sql`${t.isDefault}`),
    check('user_receipt_kinds', sql`${t.receiptType} in (1, 2) and ${t.receiptTitleType} in (1, 2)`),
  ],
);

/**
 * An invoice asked for with a store order (`receipt_data[mer_id]` at create), one per store order, written in the
 * order's create transaction. `status` 0 not issued, 1 issued, 10 not mailed (a special VAT invoice issued on paper
 * and not yet sent). The merchant marks it issued through the merchant API with the invoice number (`receipt_sn`)
 * and, for an e-invoice, a link to the file (`receipt_url`). `receipt_price` is the order's pay price in cents.
 */
export const orderReceipt = pgTable(
  'order_receipt',
  {
    orderReceiptId: serial('order_receipt_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => storeOrder.orderId, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId),
    receiptInfo: jsonb('receipt_info').$type<ReceiptInfo>().notNull(),
    receiptPrice: integer('receipt_price').notNull(),
    status: smallint('status').notNull().default(0),
    receiptSn: text('receipt_sn').notNull().default(''),
    receiptUrl: text('receipt_url').notNull().default(''),
    /** The merchant's note (a courier and tracking number for a mailed paper invoice). */
    mark: text('mark').notNull().default(''),
    /**
     * Refunded after the invoice was issued, in cents (at most `receipt_price`): the issued invoice overstates the
     * sale by this much until the merchant reverses it with a red-letter invoice and issues one for what is left.
     */
    refundPrice: integer('refund_price').notNull().default(0),
    /** 0 nothing to correct, 1 refunded after issue (to reverse and re-issue), 2 corrected. */
    correctStatus: smallint('correct_status').notNull().default(0),
    /** The red-letter invoice of the last correction, and the amount it reversed (cents). */
    redSn: text('red_sn').notNull().default(''),
    redPrice: integer('red_price').notNull().default(0),
    statusTime: timestamp('status_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_receipt_uid_idx').on(t.uid, t.status, t.orderReceiptId),
    index('order_receipt_mer_idx').on(t.merId, t.status),
    check('order_receipt_status', sql`${t.status} in (0, 1, 10) and ${t.receiptPrice} >= 0`),
    check(
      'order_receipt_correction',
      sql`${t.correctStatus} in (0, 1, 2) and ${t.refundPrice} between 0 and ${t.receiptPrice} and ${t.redPrice} >= 0`,
    ),
  ],
);

/**
 * Merchant applications (`/merchant_settled`): `status` 0 pending, 1 approved, 2 rejected (`fail_msg`). Editable
 * while pending, resubmitted (back to pending) when rejected. Approval creates the merchant (`mer_id`) in the same
 * transaction. One pending application per phone (partial unique index); the applicant takes the new shop's
 * merchant-API token once (`token_taken_at`): its plain text is shown then and never stored.
 */
export const merchantIntention = pgTable(
  'merchant_intention',
  {
    merIntentionId: serial('mer_intention_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    merName: text('mer_name').notNull(),
    /** The contact person. */
    name: text('name').notNull(),
    merchantCategoryId: integer('merchant_category_id')
      .notNull()
      .references(() => merchantCategory.merchantCategoryId),
    merTypeId: integer('mer_type_id')
      .notNull()
      .references(() => merchantType.merTypeId),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    failMsg: text('fail_msg').notNull().default(''),
    merId: integer('mer_id').references(() => merchant.merId),
    tokenTakenAt: timestamp('token_taken_at', { withTimezone: true }),
    statusTime: timestamp('status_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_intention_uid_idx').on(t.uid, t.merIntentionId),
    uniqueIndex('merchant_intention_pending_phone_uq').on(t.phone).where(sql`${t.status} = 0`),
    uniqueIndex('merchant_intention_pending_name_uq').on(t.merName).where(sql`${t.status} = 0`),
    check('merchant_intention_status', sql`${t.status} in (0, 1, 2)`),
  ],
);
