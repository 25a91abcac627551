import { pgTable, text, jsonb, serial, integer, boolean, timestamp, index } from 'drizzle-orm/pg-core';

/** Operator-editable site settings (spec section 3 "Site config"), one row per key. */
export const systemConfig = pgTable('system_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Grouped display data managed by operators: the PC top banner, home banners, nav tabs.
 * `group_data_id` identifies one entry (the top banner's close cookie is keyed by it).
 */
export const groupData = pgTable(
  'group_data',
  {
    groupDataId: serial('group_data_id').primaryKey(),
    groupKey: text('group_key').notNull(),
    value: jsonb('value').notNull(),
    sort: integer('sort').notNull().default(0),
    status: boolean('status').notNull().default(true),
  },
  (t) => [index('group_data_key_idx').on(t.groupKey, t.sort)],
);

export const hotKeyword = pgTable('hot_keyword', {
  id: serial('id').primaryKey(),
  keyword: text('keyword').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  status: boolean('status').notNull().default(true),
});
