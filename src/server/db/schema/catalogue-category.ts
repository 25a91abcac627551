import { pgTable, text, serial, integer, boolean, smallint, index, primaryKey, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The mall's 3-level product category tree. Products hang on level 3; `pid` 0 is a root. Filters by a
 * category of any level expand to its level-3 descendants in the service layer (the tree is cached).
 */
export const storeCategory = pgTable(
  'store_category',
  {
    storeCategoryId: serial('store_category_id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    cateName: text('cate_name').notNull(),
    pic: text('pic').notNull().default(''),
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
  },
  (t) => [index('store_category_pid_idx').on(t.pid, t.sort), check('store_category_level', sql`${t.level} between 1 and 3`)],
);

export const brand = pgTable(
  'brand',
  {
    brandId: serial('brand_id').primaryKey(),
    brandName: text('brand_name').notNull(),
    pic: text('pic').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
  },
  (t) => [index('brand_sort_idx').on(t.sort, t.brandId)],
);

/** The categories a brand sells in (any level; usually level 2). */
export const brandCategory = pgTable(
  'brand_category',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brand.brandId, { onDelete: 'cascade' }),
    storeCategoryId: integer('store_category_id')
      .notNull()
      .references(() => storeCategory.storeCategoryId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.storeCategoryId] }), index('brand_category_cate_idx').on(t.storeCategoryId)],
);

/**
 * "Price notes" tab text. `store_category_id` 0 is the mall-wide default; otherwise the rule of the nearest
 * ancestor category wins.
 */
export const priceRule = pgTable('price_rule', {
  priceRuleId: serial('price_rule_id').primaryKey(),
  storeCategoryId: integer('store_category_id').notNull().unique(),
  ruleName: text('rule_name').notNull(),
  content: text('content').notNull(),
  isShow: boolean('is_show').notNull().default(true),
});
