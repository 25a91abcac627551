import {
  pgTable,
  text,
  serial,
  integer,
  boolean,
  smallint,
  numeric,
  jsonb,
  timestamp,
  index,
  uniqueIndex,
  check,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchant, merchantProductCategory } from './catalogue-merchant.ts';
import { storeCategory, brand } from './catalogue-category.ts';

/** product_type: 0 normal, 1 seckill (flash sale), 2 presell (reference section 3). */
export const PRODUCT_TYPE = { normal: 0, seckill: 1, presell: 2 } as const;

/**
 * Products (SPU). Seckill and presell offers are product rows of their own type with their own SKUs
 * (activity price and stock), linked to the normal product by `seckill_product` / `presell`.
 * Money is integer cents (see src/shared/money.ts). `price`/`ot_price` are the minimum over the SKUs and
 * `stock` their sum, maintained by whoever writes SKUs.
 *
 * `search_tokens` holds the character unigrams and bigrams of name + keywords (src/shared/search-tokens.ts):
 * a GIN index over it answers Chinese substring searches of any length without an extension (pg_trgm is
 * not loaded in PGlite here and cannot index 1-2 character patterns anyway); ILIKE then re-checks.
 */
export const product = pgTable(
  'product',
  {
    productId: serial('product_id').primaryKey(),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId),
    storeName: text('store_name').notNull(),
    storeInfo: text('store_info').notNull().default(''),
    keyword: text('keyword').notNull().default(''),
    image: text('image').notNull(),
    sliderImage: jsonb('slider_image').$type<string[]>().notNull().default([]),
    /** Level-3 category. */
    cateId: integer('cate_id')
      .notNull()
      .references(() => storeCategory.storeCategoryId),
    brandId: integer('brand_id').references(() => brand.brandId),
    unitName: text('unit_name').notNull().default('件'),
    price: integer('price').notNull(),
    otPrice: integer('ot_price').notNull(),
    stock: integer('stock').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    rate: numeric('rate', { precision: 2, scale: 1 }).notNull().default('5.0'),
    isHot: boolean('is_hot').notNull().default(false),
    isBest: boolean('is_best').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    isGood: boolean('is_good').notNull().default(false),
    productType: smallint('product_type').notNull().default(0),
    onceMinCount: integer('once_min_count').notNull().default(0),
    /** 0 = no maximum. */
    onceMaxCount: integer('once_max_count').notNull().default(0),
    deliveryFree: boolean('delivery_free').notNull().default(false),
    /** Shipping template (shipping_template); null ships free. */
    tempId: integer('temp_id'),
    /** The shop's order form (merchant_form) a checkout of it asks the shopper to fill in; 0 none. */
    merFormId: integer('mer_form_id').notNull().default(0),
    /** Whether after-sales refunds are offered for it. */
    refundSwitch: boolean('refund_switch').notNull().default(true),
    /** 1 on sale, 0 off the shelf. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The product's parameter values as '<parameter_id>:<value>' (a copy of product_parameter_value kept by
     * its writers): the dynamic filters test them in-row (`&&`, GIN-indexed) instead of joining.
     */
    filterTokens: text('filter_tokens').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the shop last changed what the product's page says (its content, specs, prices or shelf status); the sitemap's `lastmod`. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_stock_nonneg', sql`${t.stock} >= 0`),
    check('product_price_nonneg', sql`${t.price} >= 0 and ${t.otPrice} >= 0`),
    check('product_type_known', sql`${t.productType} in (0, 1, 2)`),
    index('product_search_tokens_idx').using('gin', t.searchTokens),
    index('product_filter_tokens_idx').using('gin', t.filterTokens),
    // The list pages sort the visible normal products a handful of ways: one partial index per order, so a
    // page is a short ordered index walk. DESC columns say NULLS FIRST to match a plain `ORDER BY x DESC`
    // (drizzle's default for .desc() is NULLS LAST, which the planner cannot use for that order).
    index('product_list_default_idx')
      .on(t.sort.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    index('product_list_sales_idx')
      .on(t.sales.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    index('product_list_price_idx').on(t.price, t.productId).where(sql`status = 1 and product_type = 0`),
    index('product_list_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    index('product_list_rate_idx')
      .on(t.rate.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    // Price correlates with category (phones are never among the cheapest products), so "a category by
    // price" walks its own index instead of the global price order.
    index('product_cate_price_idx').on(t.cateId, t.price, t.productId).where(sql`status = 1 and product_type = 0`),
    index('product_cate_idx').on(t.cateId, t.sales.desc().nullsFirst(), t.productId.desc().nullsFirst()),
    // A category's default order: without it a category page walked the whole mall's default order and filtered it
    // (11 ms for a page of a leaf category of the 50,000-product mall on PGlite, 0.3 ms with it).
    index('product_cate_default_idx')
      .on(t.cateId, t.sort.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    index('product_brand_idx').on(t.brandId),
    index('product_mer_idx').on(t.merId, t.productType, t.sales.desc().nullsFirst(), t.productId.desc().nullsFirst()),
    // A shop's listed products: its pages count them from this index alone (0.2 ms instead of 1-2.5 ms reading each
    // product's row for its status, for a shop of 250 products on PGlite) and walk it for its best sellers.
    index('product_mer_listed_idx')
      .on(t.merId, t.sales.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    // A shop's newest (its home page) and its products by price (its category pages): without these a shop's page
    // read each of its listed products' rows to sort them (5-7 ms for a shop of 276 products on PGlite).
    index('product_mer_new_idx')
      .on(t.merId, t.createdAt.desc().nullsFirst(), t.productId.desc().nullsFirst())
      .where(sql`status = 1 and product_type = 0`),
    index('product_mer_price_idx').on(t.merId, t.price, t.productId).where(sql`status = 1 and product_type = 0`),
  ],
);

/**
 * The details tab's rich HTML (operator content, rendered as trusted HTML by the page). Kept out of
 * `product` so list scans read narrow rows: it is about half of a product's bytes and only the detail
 * page needs it.
 */
export const productContent = pgTable('product_content', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => product.productId, { onDelete: 'cascade' }),
  content: text('content').notNull().default(''),
});

/** Spec dimensions of a product, in display order (`attr[]`). */
export const productAttr = pgTable(
  'product_attr',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull().default(0),
    attrName: text('attr_name').notNull(),
    attrValues: jsonb('attr_values').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sort] })],
);

/**
 * SKUs. `sku` is the selected attr values joined with ',' in attr order ('' for a single-spec product);
 * `unique` is the globally unique handle carts and orders use. `down_price` is the presell deposit.
 */
export const productSku = pgTable(
  'product_sku',
  {
    unique: text('unique').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    price: integer('price').notNull(),
    otPrice: integer('ot_price').notNull(),
    stock: integer('stock').notNull().default(0),
    image: text('image').notNull().default(''),
    sales: integer('sales').notNull().default(0),
    downPrice: integer('down_price').notNull().default(0),
    barCode: text('bar_code').notNull().default(''),
    weight: numeric('weight', { precision: 10, scale: 2 }).notNull().default('0'),
    volume: numeric('volume', { precision: 10, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('product_sku_product_sku_uq').on(t.productId, t.sku),
    check('product_sku_stock_nonneg', sql`${t.stock} >= 0`),
    check('product_sku_price_nonneg', sql`${t.price} >= 0 and ${t.otPrice} >= 0 and ${t.downPrice} >= 0`),
  ],
);

/** Product parameter names (产地, 材质, 屏幕尺寸…) shared by products; the filters group by them. */
export const parameter = pgTable('parameter', {
  parameterId: serial('parameter_id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A product's value for a parameter: the "parameters" tab and the dynamic filters. */
export const productParameterValue = pgTable(
  'product_parameter_value',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameter.parameterId, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.parameterId] }),
    index('product_parameter_value_filter_idx').on(t.parameterId, t.value, t.productId),
  ],
);

/** Which shop categories a product is filed under (many to many). */
export const productMerchantCategory = pgTable(
  'product_shop_category',
  {
    merCateId: integer('mer_cate_id')
      .notNull()
      .references(() => merchantProductCategory.merCateId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.productId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.merCateId, t.productId] }), index('product_shop_category_product_idx').on(t.productId)],
);
