import { pgTable, text, serial, integer, smallint, jsonb, boolean, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';

/**
 * Refund order `status` (reference section 3): 0 under review, -1 refused (`fail_message`), 1 awaiting the buyer's
 * return shipment, 2 awaiting the merchant's receipt, 3 refunded, -10 cancelled by the buyer.
 */
export const REFUND_STATUS = { review: 0, refused: -1, awaitReturn: 1, awaitReceipt: 2, refunded: 3, cancelled: -10 } as const;

/** `refund_type`: 1 refund only, 2 return and refund. Apply `type`: 1 one item with a quantity, 2 several items. */
export const REFUND_TYPE = { refundOnly: 1, returnGoods: 2 } as const;

/**
 * Where the money of an approved refund is: `none` (not approved yet), `pending` (approved, being paid back),
 * `retrying` (the provider failed; the `refund.pay` job tries again), `done` (paid back: `refunded_at`), `failed`
 * (given up after the last attempt: support must act; still visible).
 */
export type RefundMoneyState = 'none' | 'pending' | 'retrying' | 'done' | 'failed';

/**
 * A buyer's refund request on one store order. Amounts are cents. The money goes back the way the order was paid
 * (balance with a ledger row, or the payment provider's refund recorded in `provider_refund_no`), exactly once: the
 * `money_state` flips by conditional updates and the provider is called with `refund_order_sn` as its idempotency key.
 */
export const refundOrder = pgTable(
  'refund_order',
  {
    refundOrderId: serial('refund_order_id').primaryKey(),
    refundOrderSn: text('refund_order_sn').notNull().unique(),
    orderId: integer('order_id').notNull(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    merId: integer('mer_id').notNull(),
    /** Apply type: 1 single item with a quantity, 2 batch. */
    applyType: smallint('apply_type').notNull(),
    refundType: smallint('refund_type').notNull(),
    refundNum: integer('refund_num').notNull(),
    refundPrice: integer('refund_price').notNull(),
    /** The reason chosen from `GET /api/common/refund_message`. */
    refundMessage: text('refund_message').notNull(),
    mark: text('mark').notNull().default(''),
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    phone: text('phone').notNull().default(''),
    status: smallint('status').notNull().default(0),
    statusTime: timestamp('status_time', { withTimezone: true }).notNull().defaultNow(),
    /** The merchant's reason for refusing. */
    failMessage: text('fail_message').notNull().default(''),
    /** Where to send the goods back (copied from the shop when the merchant approves a return). */
    merDeliveryUser: text('mer_delivery_user').notNull().default(''),
    merDeliveryPhone: text('mer_delivery_phone').notNull().default(''),
    merDeliveryAddress: text('mer_delivery_address').notNull().default(''),
    /** The buyer's return shipment: courier name, tracking number, contact phone. */
    deliveryType: text('delivery_type').notNull().default(''),
    deliveryId: text('delivery_id').notNull().default(''),
    deliveryPhone: text('delivery_phone').notNull().default(''),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    moneyState: text('money_state').$type<RefundMoneyState>().notNull().default('none'),
    /** Balance, or the provider that refunded (`sandbox`, `alipay`), and its answer. */
    refundChannel: text('refund_channel').notNull().default(''),
    providerRefundNo: text('provider_refund_no').notNull().default(''),
    moneyError: text('money_error').notNull().default(''),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    isDel: boolean('is_del').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_order_uid_idx').on(t.uid, t.createdAt),
    index('refund_order_mer_idx').on(t.merId, t.status),
    index('refund_order_order_idx').on(t.orderId),
    check('refund_order_amounts', sql`${t.refundNum} > 0 and ${t.refundPrice} >= 0`),
    check('refund_order_money_state', sql`${t.moneyState} in ('none', 'pending', 'retrying', 'done', 'failed')`),
  ],
);

/** The items of a refund request and how much of each (`refund_price` its share, cents). */
export const refundProduct = pgTable(
  'refund_product',
  {
    refundProductId: serial('refund_product_id').primaryKey(),
    refundOrderId: integer('refund_order_id')
      .notNull()
      .references(() => refundOrder.refundOrderId, { onDelete: 'cascade' }),
    orderProductId: integer('order_product_id').notNull(),
    refundNum: integer('refund_num').notNull(),
    refundPrice: integer('refund_price').notNull(),
  },
  (t) => [
    index('refund_product_refund_idx').on(t.refundOrderId),
    index('refund_product_item_idx').on(t.orderProductId),
    check('refund_product_amounts', sql`${t.refundNum} > 0 and ${t.refundPrice} >= 0`),
  ],
);
