import { pgTable, text, serial, integer, boolean, smallint, timestamp, index, primaryKey, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';
import { product } from './catalogue-product.ts';
import { storeCategory } from './catalogue-category.ts';
import { merchant } from './catalogue-merchant.ts';

/** Coupon `type` (reference section 3). */
export const COUPON_TYPE = { shop: 0, product: 1, platform: 10, category: 11, crossShop: 12 } as const;

/**
 * Coupon templates. `mer_id` 0 = platform coupon. `coupon_type` 0: valid `coupon_time` days after claiming;
 * 1: valid from `use_start_time` to `use_end_time`. `start_time`/`end_time` bound the claim window (null =
 * open). With `is_limited`, `remain_count` is decremented by a conditional update and can never go negative.
 */
export const coupon = pgTable(
  'coupon',
  {
    couponId: serial('coupon_id').primaryKey(),
    merId: integer('mer_id').notNull().default(0),
    title: text('title').notNull(),
    type: smallint('type').notNull(),
    couponPrice: integer('coupon_price').notNull(),
    useMinPrice: integer('use_min_price').notNull().default(0),
    couponType: smallint('coupon_type').notNull(),
    couponTime: integer('coupon_time').notNull().default(0),
    useStartTime: timestamp('use_start_time', { withTimezone: true }),
    useEndTime: timestamp('use_end_time', { withTimezone: true }),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    isLimited: boolean('is_limited').notNull().default(false),
    totalCount: integer('total_count').notNull().default(0),
    remainCount: integer('remain_count').notNull().default(0),
    /** How many times one shopper may claim it. */
    userLimit: integer('user_limit').notNull().default(1),
    status: boolean('status').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_list_idx').on(t.status, t.type, t.sort),
    index('coupon_mer_idx').on(t.merId, t.type),
    check('coupon_remain_nonneg', sql`${t.remainCount} >= 0`),
    check('coupon_type_known', sql`${t.type} in (0, 1, 10, 11, 12) and ${t.couponType} in (0, 1)`),
    check('coupon_amounts', sql`${t.couponPrice} > 0 and ${t.useMinPrice} >= 0 and ${t.userLimit} >= 1`),
  ],
);

/** Products a product coupon (type 1) applies to. */
export const couponProduct = pgTable(
  'coupon_product',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.couponId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] }), index('coupon_product_product_idx').on(t.productId)],
);

/** Categories (any level, descendants included) a category coupon (type 11) applies to. */
export const couponCategory = pgTable(
  'coupon_category',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.couponId, { onDelete: 'cascade' }),
    storeCategoryId: integer('store_category_id')
      .notNull()
      .references(() => storeCategory.storeCategoryId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.storeCategoryId] })],
);

/** Shops a cross-shop platform coupon (type 12) applies to. */
export const couponMerchant = pgTable(
  'coupon_merchant',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.couponId, { onDelete: 'cascade' }),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.merId] })],
);

/** A claimed coupon. status 0 usable, 1 used, 2 expired; valid from `start_time` to `end_time`. */
export const couponUser = pgTable(
  'coupon_user',
  {
    couponUserId: serial('coupon_user_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupon.couponId),
    merId: integer('mer_id').notNull().default(0),
    couponTitle: text('coupon_title').notNull(),
    couponPrice: integer('coupon_price').notNull(),
    useMinPrice: integer('use_min_price').notNull(),
    status: smallint('status').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    useTime: timestamp('use_time', { withTimezone: true }),
    /** The group order it was used on (set with status 1; a cancelled unpaid order gives it back). */
    groupOrderId: integer('group_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_user_uid_idx').on(t.uid, t.couponId),
    index('coupon_user_coupon_idx').on(t.couponId),
    index('coupon_user_group_order_idx').on(t.groupOrderId),
  ],
);
