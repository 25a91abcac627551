import { pgTable, text, integer, index } from 'drizzle-orm/pg-core';

/** ISO 3166-1 countries with their calling code and main currency (ship-to picker, phone fields). */
export const country = pgTable(
  'country',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    phoneCode: text('phone_code').notNull(),
    currencyCode: text('currency_code').notNull(),
    sort: integer('sort').notNull().default(1000),
  },
  (t) => [index('country_sort_idx').on(t.sort, t.code)],
);

/** ISO 4217 currencies with a display symbol. */
export const currency = pgTable(
  'currency',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    symbol: text('symbol').notNull(),
    sort: integer('sort').notNull().default(1000),
  },
  (t) => [index('currency_sort_idx').on(t.sort, t.code)],
);
