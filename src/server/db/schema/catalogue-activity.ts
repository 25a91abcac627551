import { pgTable, text, serial, integer, boolean, smallint, date, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { product } from './catalogue-product.ts';

/**
 * Daily flash-sale sessions, in whole hours of mall time (Asia/Shanghai, UTC+8): `start_time` 10 and
 * `end_time` 12 is the 10:00-12:00 session every day.
 */
export const seckillTime = pgTable(
  'seckill_time',
  {
    seckillTimeId: serial('seckill_time_id').primaryKey(),
    title: text('title').notNull(),
    startTime: smallint('start_time').notNull(),
    endTime: smallint('end_time').notNull(),
    pic: text('pic').notNull().default(''),
    status: boolean('status').notNull().default(true),
  },
  (t) => [check('seckill_time_hours', sql`${t.startTime} >= 0 and ${t.endTime} <= 24 and ${t.startTime} < ${t.endTime}`)],
);

/**
 * A flash-sale offer: a product row of type 1 (activity price and stock on its own SKUs) sold during one
 * session on each day from `start_day` to `end_day`. `once_pay_count` caps one purchase,
 * `all_pay_count` a shopper's total.
 */
export const seckillProduct = pgTable(
  'seckill_product',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => product.productId, { onDelete: 'cascade' }),
    originProductId: integer('origin_product_id')
      .notNull()
      .references(() => product.productId),
    seckillTimeId: integer('seckill_time_id')
      .notNull()
      .references(() => seckillTime.seckillTimeId),
    startDay: date('start_day').notNull(),
    endDay: date('end_day').notNull(),
    oncePayCount: integer('once_pay_count').notNull().default(1),
    allPayCount: integer('all_pay_count').notNull().default(0),
  },
  (t) => [index('seckill_product_time_idx').on(t.seckillTimeId, t.endDay)],
);

/**
 * A presale: a product row of type 2 whose SKUs carry the presell price, deposit (`down_price`) and stock.
 * presell_type 1 = full payment, 2 = deposit + balance (paid from `final_start_time` to `final_end_time`).
 * delivery_type 1 = ship `delivery_day` days after payment, otherwise after the presale ends.
 */
export const presell = pgTable(
  'presell',
  {
    productPresellId: serial('product_presell_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .unique()
      .references(() => product.productId, { onDelete: 'cascade' }),
    originProductId: integer('origin_product_id')
      .notNull()
      .references(() => product.productId),
    storeName: text('store_name').notNull(),
    presellType: smallint('presell_type').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    finalStartTime: timestamp('final_start_time', { withTimezone: true }),
    finalEndTime: timestamp('final_end_time', { withTimezone: true }),
    deliveryType: smallint('delivery_type').notNull().default(1),
    deliveryDay: integer('delivery_day').notNull().default(7),
    /** Per-shopper purchase cap; 0 = none. */
    payCount: integer('pay_count').notNull().default(0),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('presell_window_idx').on(t.status, t.startTime, t.endTime),
    check('presell_type_known', sql`${t.presellType} in (1, 2) and ${t.startTime} < ${t.endTime}`),
  ],
);

/**
 * An activity frame (the reference's `border_pic`): a picture the operator lays over product cards' images for a
 * campaign, from `start_time` to `end_time`, on every product (`scope` 0), the products of some categories (1, any
 * level), of some shops (2) or some products (3), named in `scope_ids`. Where several apply, the highest `sort`
 * (then the newest) wins. `pic` is a picture of the media table (`/media/<id>.<ext>`).
 */
export const activityFrame = pgTable(
  'activity_frame',
  {
    frameId: serial('frame_id').primaryKey(),
    name: text('name').notNull(),
    pic: text('pic').notNull(),
    scope: smallint('scope').notNull().default(0),
    scopeIds: integer('scope_ids').array().notNull().default(sql`'{}'::integer[]`),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: boolean('status').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    isDel: boolean('is_del').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('activity_frame_scope', sql`${t.scope} between 0 and 3`),
    check('activity_frame_window', sql`${t.startTime} < ${t.endTime}`),
    index('activity_frame_live_idx').on(t.isDel, t.endTime),
  ],
);
