import { pgTable, text, serial, integer, boolean, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    uid: serial('uid').primaryKey(),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    /** scrypt hash (see server/auth/password.ts); null for accounts that only sign in by SMS. */
    pwdHash: text('pwd_hash'),
    isOpenMember: boolean('is_open_member').notNull().default(false),
    isMoneyLevel: integer('is_money_level').notNull().default(0),
    /** Balance in cents and points; changed only together with a `user_bill` ledger row. */
    nowMoney: integer('now_money').notNull().default(0),
    integral: integer('integral').notNull().default(0),
    /** Permission scope checked by one helper (spec section 6). */
    scope: text('scope').notNull().default('user'),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phoneCode, t.phone),
    check('users_wallet_nonneg', sql`${t.nowMoney} >= 0 and ${t.integral} >= 0`),
  ],
);

/** Server-side sessions. Only the SHA-256 of the bearer token is stored. */
export const userSession = pgTable(
  'user_session',
  {
    id: serial('id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_session_uid_idx').on(t.uid)],
);
