import { pgTable, text, serial, integer, boolean, jsonb, timestamp, index } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** One node of a mainland region path (`area[]` of the reference): region code and name. */
export interface AreaNode {
  id: number;
  name: string;
}

/**
 * A shopper's delivery addresses (at most 50 each). `country` is the ISO 3166 code of the ship-to country:
 * `CN` addresses carry the 4-level region path (`area`, codes from the region data; `city_id` is the last
 * node), overseas ones a free region/city and a postcode. `phone` is stored in E.164 form as validated for
 * `country`. Orders copy what they need, so editing or deleting an address never changes an order.
 */
export const userAddress = pgTable(
  'user_address',
  {
    addressId: serial('address_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    realName: text('real_name').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull().default('CN'),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    street: text('street').notNull().default(''),
    /** Region code of the last chosen node (0 overseas). */
    cityId: integer('city_id').notNull().default(0),
    /** Region code of the province (0 overseas): shipping templates match on it. */
    provinceId: integer('province_id').notNull().default(0),
    area: jsonb('area').$type<AreaNode[]>().notNull().default([]),
    postCode: text('post_code').notNull().default(''),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_address_uid_idx').on(t.uid, t.isDefault)],
);
