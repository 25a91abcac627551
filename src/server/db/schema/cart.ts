import { pgTable, text, serial, integer, boolean, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';

/**
 * Cart lines. `is_new` lines are "buy now" lines that never show in the cart; `is_pay` lines were ordered.
 * product_id / product_attr_unique point at the catalogue (SPU / SKU `unique`), which the catalogue issue adds.
 */
export const cart = pgTable(
  'cart',
  {
    cartId: serial('cart_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    productAttrUnique: text('product_attr_unique').notNull(),
    cartNum: integer('cart_num').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    isPay: boolean('is_pay').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_uid_idx').on(t.uid, t.isPay, t.isNew), check('cart_num_positive', sql`${t.cartNum} > 0`)],
);
