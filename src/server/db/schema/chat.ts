import { pgTable, text, serial, integer, smallint, boolean, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';

/**
 * One customer-service message between shopper `uid` and the desk of shop `mer_id` (0: the mall's own desk), the
 * reference's `service_log`. `send_type` 0 the shopper wrote it, 1 the desk. `msn_type` (shared/chat.ts CHAT_KIND):
 * 1 text, 2 emoji, 3 image (`msn` a `/media/` path the sender uploaded), 4 product, 5 order, 6 refund (`msn` the
 * id of the card's subject, checked when sent; the card is read fresh with the history), 100 taken back.
 * `read_at`: when the other side read it.
 */
export const chatMessage = pgTable(
  'chat_message',
  {
    serviceLogId: serial('service_log_id').primaryKey(),
    merId: integer('mer_id').notNull(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    sendType: smallint('send_type').notNull(),
    msnType: smallint('msn_type').notNull(),
    msn: text('msn').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_message_conversation_idx').on(t.uid, t.merId, t.serviceLogId),
    index('chat_message_desk_idx').on(t.merId, t.serviceLogId),
    check('chat_message_send_type', sql`${t.sendType} in (0, 1)`),
  ],
);
