import { pgTable, text, serial, integer, boolean, smallint, numeric, jsonb, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Shop types shown as a filter and on shop cards (旗舰店, 专营店, 专卖店, 自营…): `GET /api/intention/type`. */
export const merchantType = pgTable('merchant_type', {
  merTypeId: serial('mer_type_id').primaryKey(),
  typeName: text('type_name').notNull(),
  typeInfo: text('type_info').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** Offered on the merchant application form; false for the mall's own type (自营), which nobody applies for. */
  applicable: boolean('applicable').notNull().default(true),
});

/** Shop-street classification chips (`GET /api/pc/mer_category`), not the product category tree. */
export const merchantCategory = pgTable('merchant_category', {
  merchantCategoryId: serial('merchant_category_id').primaryKey(),
  categoryName: text('category_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Shops. Scores are 0.0-5.0; `care_count` is the follower count, kept equal to the number of type-10
 * relations by the follow/unfollow services (same transaction). `status` false = closed shop.
 */
export const merchant = pgTable(
  'merchant',
  {
    merId: serial('mer_id').primaryKey(),
    merName: text('mer_name').notNull(),
    merAvatar: text('mer_avatar').notNull().default(''),
    /** Top banner of the shop pages. */
    merBanner: text('mer_banner').notNull().default(''),
    /** Carousel of the shop home (`banner[]` of `/api/pc/mer_config/{id}`). */
    banners: jsonb('banners').$type<string[]>().notNull().default([]),
    merInfo: text('mer_info').notNull().default(''),
    merKeyword: text('mer_keyword').notNull().default(''),
    /** Self-operated by the mall (自营). */
    isTrader: boolean('is_trader').notNull().default(false),
    merTypeId: integer('mer_type_id')
      .notNull()
      .references(() => merchantType.merTypeId),
    categoryId: integer('category_id')
      .notNull()
      .references(() => merchantCategory.merchantCategoryId),
    productScore: numeric('product_score', { precision: 2, scale: 1 }).notNull().default('5.0'),
    serviceScore: numeric('service_score', { precision: 2, scale: 1 }).notNull().default('5.0'),
    postageScore: numeric('postage_score', { precision: 2, scale: 1 }).notNull().default('5.0'),
    careCount: integer('care_count').notNull().default(0),
    servicePhone: text('service_phone').notNull().default(''),
    /** The mainland mobile the shop is told on by SMS of new orders, refund requests and returned goods ('' none). */
    noticePhone: text('notice_phone').notNull().default(''),
    /** 0 online chat, 1 phone only. */
    servicesType: smallint('services_type').notNull().default(0),
    merAddress: text('mer_address').notNull().default(''),
    isBest: boolean('is_best').notNull().default(false),
    status: boolean('status').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Pickup at the shop (到店核销) offered at checkout, with where and when. */
    allowTake: boolean('allow_take').notNull().default(false),
    takeAddress: text('take_address').notNull().default(''),
    takePhone: text('take_phone').notNull().default(''),
    takeHours: text('take_hours').notNull().default(''),
    /** Business licence and permits, shown behind an image captcha. */
    licenceImages: jsonb('licence_images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_list_idx').on(t.status, t.sort, t.merId),
    index('merchant_type_idx').on(t.merTypeId),
    index('merchant_category_idx').on(t.categoryId),
    check('merchant_care_count_nonneg', sql`${t.careCount} >= 0`),
  ],
);

/** A shop's own product categories (2 levels); the API calls their id `store_category_id`. */
export const merchantProductCategory = pgTable(
  'merchant_shop_category',
  {
    merCateId: integer('mer_cate_id').primaryKey(),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId, { onDelete: 'cascade' }),
    pid: integer('pid').notNull().default(0),
    cateName: text('cate_name').notNull(),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
  },
  (t) => [index('merchant_shop_category_mer_idx').on(t.merId, t.sort)],
);

/**
 * API tokens of a merchant (`/api/merchant/...`, `Authorization: Bearer <token>`): only the SHA-256 is stored,
 * every query of that API is scoped to `mer_id`. Revoked tokens keep their row (`revoked_at`) for the record.
 */
export const merchantToken = pgTable(
  'merchant_token',
  {
    id: serial('id').primaryKey(),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull().default(''),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_token_mer_idx').on(t.merId)],
);
