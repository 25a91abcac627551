import {
  pgTable,
  text,
  serial,
  integer,
  smallint,
  numeric,
  date,
  jsonb,
  timestamp,
  index,
  uniqueIndex,
  check,
  customType,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';
import { product } from './catalogue-product.ts';

/**
 * Product reviews with the merchant's reply. `sku` is the reviewed spec text; `uid` may be null for
 * imported reviews. Stats: best = 4-5 stars, middle = 3, negative = 1-2.
 */
export const productReply = pgTable(
  'product_reply',
  {
    replyId: serial('reply_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
    uid: integer('uid').references(() => users.uid, { onDelete: 'set null' }),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    /** Product stars (the reference's `product_score`). */
    rate: smallint('rate').notNull(),
    /** Service and logistics stars of a buyer's review (null for imported reviews). */
    serviceScore: smallint('service_score'),
    postageScore: smallint('postage_score'),
    /** The order line reviewed: one review per bought item (null for imported reviews). */
    orderProductId: integer('order_product_id').unique(),
    comment: text('comment').notNull(),
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    sku: text('sku').notNull().default(''),
    merchantReplyContent: text('merchant_reply_content'),
    merchantReplyTime: timestamp('merchant_reply_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_reply_product_idx').on(t.productId, t.createdAt.desc().nullsFirst(), t.replyId.desc().nullsFirst()),
    check('product_reply_rate', sql`${t.rate} between 1 and 5`),
  ],
);

/** Relation `type`: 0 product, 1 seckill, 2 presell (type_id = product_presell_id), 10 merchant (follow). */
export const RELATION_TYPE = { product: 0, seckill: 1, presell: 2, merchant: 10 } as const;

/** Favourites and follows: one row per (uid, type, type_id). */
export const relation = pgTable(
  'relation',
  {
    relationId: serial('relation_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    typeId: integer('type_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('relation_uq').on(t.uid, t.type, t.typeId), index('relation_target_idx').on(t.type, t.typeId)],
);

/** "Notify me on arrival" for a sold-out SKU. status 0 waiting, 1 notified. */
export const arrivalNotice = pgTable(
  'arrival_notice',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
    unique: text('unique').notNull(),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('arrival_notice_uq').on(t.uid, t.unique), index('arrival_notice_sku_idx').on(t.unique, t.status)],
);

/** Units of `currency_code` per 1 CNY, as published on `rate_date`. Prices stay CNY; this is display only. */
export const exchangeRate = pgTable('exchange_rate', {
  currencyCode: text('currency_code').primaryKey(),
  rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
  rateDate: date('rate_date').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Images kept in the database so every app process serves the same files (`/media/<media_id>.<ext>`).
 * Text formats (SVG) use `body`, binary ones `bytes`. Width and height let pages reserve the space.
 */
export const media = pgTable(
  'media',
  {
    mediaId: text('media_id').primaryKey(),
    mime: text('mime').notNull(),
    body: text('body'),
    bytes: bytea('bytes'),
    /** Who uploaded it (`POST /api/upload/image/file`); null for seeded images. */
    uid: integer('uid'),
    /** The shop that uploaded it through the merchant API (`POST /api/merchant/upload/image`); null otherwise. */
    merId: integer('mer_id'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('media_has_body', sql`${t.body} is not null or ${t.bytes} is not null`)],
);
