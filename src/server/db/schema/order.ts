import { pgTable, text, serial, integer, boolean, smallint, jsonb, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';
import { merchant } from './catalogue-merchant.ts';
import type { OrderExtendItem } from '../../../shared/order-form.ts';

/**
 * Order `status` of a store order (reference section 3). An unpaid order lives only as its group order
 * (`paid` false); a cancelled unpaid group order has `is_cancel`.
 */
export const ORDER_STATUS = {
  toShip: 0,
  toReceive: 1,
  toReview: 2,
  done: 3,
  presellBalance: 10,
  presellClosed: 11,
  refunded: -1,
} as const;

/** `delivery_type` of a shipped store order. */
export const DELIVERY_TYPE = { express: 1, rider: 2, none: 3 } as const;

/** `pay_type` index (reference section 3). */
export const PAY_TYPE = { balance: 0, weixin: 1, routine: 2, h5: 3, alipay: 4, alipayQr: 5, weixinQr: 6 } as const;

/** The receiver as the order was placed (a copy: later address edits do not change it). */
export interface OrderReceiver {
  real_name: string;
  phone: string;
  address: string;
  country: string;
  province_id: number;
}

/**
 * The check-out token (`key` of `POST /api/v2/order/check`): create takes it once. The same key again (a double
 * click, a retried request) returns the group order it made instead of a second one; an unknown or expired key
 * is refused ("订单已过期,请刷新"). Only its SHA-256 is stored.
 */
export const orderKey = pgTable(
  'order_key',
  {
    keyHash: text('key_hash').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    groupOrderId: integer('group_order_id'),
    /** The payable the shopper was shown at check (cents): create refuses to charge anything else. */
    payPrice: integer('pay_price').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_key_expires_idx').on(t.expiresAt)],
);

/**
 * What the shopper pays for at once: one group order per checkout, split into one `store_order` per merchant.
 * Amounts are integer cents: `total_price` goods, `total_postage` shipping, `coupon_price` every coupon,
 * `integral_price` points deduction (`integral` points), `svip_discount` member discount, `pay_price` what is
 * charged. Unpaid, it is cancelled at `cancel_time` by the `order.expire` job.
 */
export const storeGroupOrder = pgTable(
  'store_group_order',
  {
    groupOrderId: serial('group_order_id').primaryKey(),
    groupOrderSn: text('group_order_sn').notNull().unique(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    totalNum: integer('total_num').notNull(),
    totalPrice: integer('total_price').notNull(),
    totalPostage: integer('total_postage').notNull().default(0),
    couponPrice: integer('coupon_price').notNull().default(0),
    platformCouponPrice: integer('platform_coupon_price').notNull().default(0),
    svipDiscount: integer('svip_discount').notNull().default(0),
    integral: integer('integral').notNull().default(0),
    integralPrice: integer('integral_price').notNull().default(0),
    payPrice: integer('pay_price').notNull(),
    receiver: jsonb('receiver').$type<OrderReceiver>().notNull(),
    paid: boolean('paid').notNull().default(false),
    payType: smallint('pay_type'),
    payTime: timestamp('pay_time', { withTimezone: true }),
    isCancel: boolean('is_cancel').notNull().default(false),
    cancelTime: timestamp('cancel_time', { withTimezone: true }).notNull(),
    isDel: boolean('is_del').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_group_order_uid_idx').on(t.uid, t.paid, t.isCancel),
    check(
      'store_group_order_amounts',
      sql`${t.totalPrice} >= 0 and ${t.totalPostage} >= 0 and ${t.couponPrice} >= 0 and ${t.integral} >= 0 and ${t.integralPrice} >= 0 and ${t.payPrice} >= 0`,
    ),
  ],
);

/** Invoice request attached to a store order (`receipt_data[mer_id]` at create): 1 e-invoice, 2 special VAT. */
export interface ReceiptInfo {
  receipt_type: 1 | 2;
  receipt_title_type: 1 | 2;
  receipt_title: string;
  duty_paragraph: string;
  email: string;
  bank_name: string;
  bank_code: string;
  address: string;
  tel: string;
}

/** One merchant's part of a group order: what the merchant ships and is paid for. */
export const storeOrder = pgTable(
  'store_order',
  {
    orderId: serial('order_id').primaryKey(),
    orderSn: text('order_sn').notNull().unique(),
    groupOrderId: integer('group_order_id')
      .notNull()
      .references(() => storeGroupOrder.groupOrderId, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId),
    /** 0 physical (express), 1 pickup at the shop (到店核销). */
    orderType: smallint('order_type').notNull().default(0),
    /** product_type of its items (0 normal, 1 seckill, 2 presell). */
    activityType: smallint('activity_type').notNull().default(0),
    totalNum: integer('total_num').notNull(),
    totalPrice: integer('total_price').notNull(),
    totalPostage: integer('total_postage').notNull().default(0),
    couponPrice: integer('coupon_price').notNull().default(0),
    platformCouponPrice: integer('platform_coupon_price').notNull().default(0),
    svipDiscount: integer('svip_discount').notNull().default(0),
    integral: integer('integral').notNull().default(0),
    integralPrice: integer('integral_price').notNull().default(0),
    payPrice: integer('pay_price').notNull(),
    receiver: jsonb('receiver').$type<OrderReceiver>().notNull(),
    mark: text('mark').notNull().default(''),
    receipt: jsonb('receipt').$type<ReceiptInfo | null>(),
    /** The answers to the shop's order form (`order_extend`), with each field as it was; null when none was asked. */
    orderExtend: jsonb('order_extend').$type<OrderExtendItem[] | null>(),
    status: smallint('status').notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    payType: smallint('pay_type'),
    payTime: timestamp('pay_time', { withTimezone: true }),
    /** How it was shipped (DELIVERY_TYPE): 1 express (`delivery_name` company, `delivery_id` tracking number),
     * 2 same-city rider (`delivery_name` rider, `delivery_id` phone), 3 no shipment needed. */
    deliveryType: smallint('delivery_type'),
    deliveryName: text('delivery_name').notNull().default(''),
    deliveryId: text('delivery_id').notNull().default(''),
    /** Express company code (EXPRESS list) the tracking provider is asked with. */
    deliveryCode: text('delivery_code').notNull().default(''),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    takeTime: timestamp('take_time', { withTimezone: true }),
    /** Pickup code shown to the shopper; the merchant verifies it (`verify_time`). */
    verifyCode: text('verify_code').notNull().default(''),
    verifyTime: timestamp('verify_time', { withTimezone: true }),
    /** Code the shopper tells a same-city rider on delivery. */
    finishCode: text('finish_code').notNull().default(''),
    /** The merchant's remark on the order (merchant API), shown on the order detail. */
    remark: text('remark').notNull().default(''),
    isDel: boolean('is_del').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_order_group_idx').on(t.groupOrderId),
    index('store_order_uid_idx').on(t.uid, t.paid, t.status),
    index('store_order_mer_idx').on(t.merId, t.paid, t.status),
    check(
      'store_order_amounts',
      sql`${t.totalPrice} >= 0 and ${t.totalPostage} >= 0 and ${t.couponPrice} >= 0 and ${t.integralPrice} >= 0 and ${t.payPrice} >= 0`,
    ),
  ],
);

/** What the item looked like when ordered: the order pages show this, not today's product. */
export interface OrderItemSnapshot {
  store_name: string;
  image: string;
  sku: string;
  unit_name: string;
  /** Unit price charged, cents. */
  price: number;
  ot_price: number;
  /** Presale deposit per unit (cents), 0 otherwise. */
  down_price: number;
  /** The product page shoppers know (a flash sale's or presale's origin product). */
  spu_product_id: number;
}

/**
 * One line of a store order. The order's discounts and postage are spread over its lines (`coupon_price`,
 * `integral_price`, `svip_discount`, `postage_price`, and `pay_price` what the line was paid), so a refund
 * of some items knows what they cost. `refund_num` is what is still refundable.
 */
export const storeOrderProduct = pgTable(
  'store_order_product',
  {
    orderProductId: serial('order_product_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => storeOrder.orderId, { onDelete: 'cascade' }),
    uid: integer('uid').notNull(),
    /** The product row bought: a flash sale's or presale's own row (activity stock) or the normal product. */
    productId: integer('product_id').notNull(),
    productAttrUnique: text('product_attr_unique').notNull(),
    productType: smallint('product_type').notNull().default(0),
    /** The cart line it was ordered from (a consumed line cannot be ordered twice). */
    cartId: integer('cart_id'),
    productNum: integer('product_num').notNull(),
    productPrice: integer('product_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    couponPrice: integer('coupon_price').notNull().default(0),
    svipDiscount: integer('svip_discount').notNull().default(0),
    integralPrice: integer('integral_price').notNull().default(0),
    postagePrice: integer('postage_price').notNull().default(0),
    payPrice: integer('pay_price').notNull(),
    snapshot: jsonb('snapshot').$type<OrderItemSnapshot>().notNull(),
    refundNum: integer('refund_num').notNull(),
    isRefund: smallint('is_refund').notNull().default(0),
    isReply: boolean('is_reply').notNull().default(false),
  },
  (t) => [
    index('store_order_product_order_idx').on(t.orderId),
    index('store_order_product_uid_idx').on(t.uid, t.productId),
    check('store_order_product_amounts', sql`${t.productNum} > 0 and ${t.payPrice} >= 0 and ${t.refundNum} >= 0`),
  ],
);

/** The timeline of a store order (created, paid, shipped, received...). */
export const storeOrderStatus = pgTable(
  'store_order_status',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    groupOrderId: integer('group_order_id').notNull(),
    changeType: text('change_type').notNull(),
    changeMessage: text('change_message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_order_status_order_idx').on(t.orderId), index('store_order_status_group_idx').on(t.groupOrderId)],
);

/**
 * The ledger of balances and points (`category` 'now_money' in cents, 'integral' in points): every change of
 * `users.now_money` or `users.integral` writes one row in the same transaction, so a balance always equals the
 * sum of its rows. `pm` 1 income, 0 expense. (`type`, `link_id`) makes a change happen once: paying or
 * refunding the same thing twice conflicts.
 */
export const userBill = pgTable(
  'user_bill',
  {
    billId: serial('bill_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    type: text('type').notNull(),
    pm: smallint('pm').notNull(),
    number: integer('number').notNull(),
    balance: integer('balance').notNull(),
    linkId: text('link_id').notNull(),
    title: text('title').notNull(),
    mark: text('mark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Points only (services/wallet/change-wallet.ts). On an income row, a lot: what of it is neither spent nor
     * expired yet; null on every other row.
     */
    unspent: integer('unspent'),
    /**
     * Points only. On an income row: when what is left of it expires (null: never). On a checkout's expense row from
     * before `taken` (migration 0025): the latest due date what it took can have had, which its give-back keeps.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Points only, on an expense row: the lots it took from and how much of each, in the order taken (null: taken
     * before lots recorded it). Its give-backs put the points back into those lots, last taken first.
     */
    taken: jsonb('taken').$type<{ lot: number; n: number }[]>(),
    /** Points only, on an expense row: how many of its points give-backs have put back so far. */
    restored: integer('restored').notNull().default(0),
  },
  (t) => [
    index('user_bill_uid_idx').on(t.uid, t.category, t.createdAt),
    // A shopper's points lots in the order they are spent: soonest due first, never-expiring last, then oldest.
    index('user_bill_lots_idx')
      .on(t.uid, t.expiresAt, t.billId)
      .where(sql`${t.category} = 'integral' and ${t.pm} = 1 and ${t.unspent} > 0`),
    uniqueIndex('user_bill_once_uq').on(t.uid, t.category, t.type, t.linkId),
    check('user_bill_amounts', sql`${t.number} > 0 and ${t.pm} in (0, 1) and ${t.category} in ('now_money', 'integral')`),
  ],
);
