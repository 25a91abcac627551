import { pgTable, text, serial, integer, smallint, numeric, jsonb, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchant } from './catalogue-merchant.ts';

/** How a template charges: 1 by item count, 2 by weight (kg). */
export const SHIPPING_BY = { count: 1, weight: 2 } as const;

/**
 * A merchant's shipping template (运费模板), chosen per product (`product.temp_id`; none = free shipping).
 * - `free_price`: an order of this merchant whose goods total (cents) reaches it ships free (0 = never).
 * - `undelivered`: province codes the merchant does not deliver to (不在配送范围).
 */
export const shippingTemplate = pgTable(
  'shipping_template',
  {
    shippingTemplateId: serial('shipping_template_id').primaryKey(),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(1),
    freePrice: integer('free_price').notNull().default(0),
    undelivered: jsonb('undelivered').$type<number[]>().notNull().default([]),
  },
  (t) => [
    index('shipping_template_mer_idx').on(t.merId),
    check('shipping_template_type_known', sql`${t.type} in (1, 2) and ${t.freePrice} >= 0`),
  ],
);

/**
 * A template's price for some provinces (`regions`: province codes; empty = every other region, the default
 * rule each template has): the first `first` units cost `first_price` cents, each further `continue` units
 * (or part of them) `continue_price`.
 */
export const shippingTemplateRegion = pgTable(
  'shipping_template_region',
  {
    id: serial('id').primaryKey(),
    shippingTemplateId: integer('shipping_template_id')
      .notNull()
      .references(() => shippingTemplate.shippingTemplateId, { onDelete: 'cascade' }),
    regions: jsonb('regions').$type<number[]>().notNull().default([]),
    first: numeric('first', { precision: 10, scale: 2 }).notNull(),
    firstPrice: integer('first_price').notNull(),
    continue: numeric('continue', { precision: 10, scale: 2 }).notNull(),
    continuePrice: integer('continue_price').notNull(),
  },
  (t) => [
    index('shipping_template_region_tpl_idx').on(t.shippingTemplateId),
    check(
      'shipping_template_region_amounts',
      sql`${t.first} > 0 and ${t.continue} > 0 and ${t.firstPrice} >= 0 and ${t.continuePrice} >= 0`,
    ),
  ],
);
