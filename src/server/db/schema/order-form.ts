import { pgTable, text, serial, integer, boolean, jsonb, timestamp, index } from 'drizzle-orm/pg-core';
import { merchant } from './catalogue-merchant.ts';
import type { FormField } from '../../../shared/order-form.ts';

/**
 * A shop's custom order form (the reference's `mer_form_id`): fields a checkout of the shop's products asks the
 * shopper to fill in (shared/order-form.ts). Products name it in `product.mer_form_id`; orders keep their answers
 * with the fields as they were (`store_order.order_extend`), so editing or deleting a form changes no order.
 */
export const merchantForm = pgTable(
  'merchant_form',
  {
    formId: serial('form_id').primaryKey(),
    merId: integer('mer_id')
      .notNull()
      .references(() => merchant.merId),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    isDel: boolean('is_del').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_form_mer_idx').on(t.merId, t.isDel)],
);
