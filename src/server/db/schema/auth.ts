import { pgTable, text, serial, bigserial, integer, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './user.ts';

/**
 * SMS verification codes. Only an HMAC-SHA256 of the code (keyed by a per-row random salt) is stored, so a
 * database read does not reveal live codes. A code dies when consumed, superseded, expired or after 5 wrong tries.
 * A register code asked for a registered phone is a decoy: its hash is random bytes, the hash of no code.
 */
export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    /** login | register | change_pwd | change_phone | mobile (spec section 7). */
    type: text('type').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_code_phone_idx').on(t.phoneCode, t.phone, t.type, t.id)],
);

/**
 * Rate-limit hits: one row per counted event in a named bucket (`sms:phone:86-138…`, `login:ip:…`). Kept in the
 * database so limits hold across server processes; rows older than the longest window are pruned on write.
 */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hit_bucket_idx').on(t.bucket, t.at)],
);

/** Image captchas. The key is a bearer secret of the browser, so only its SHA-256 is stored. */
export const captcha = pgTable(
  'captcha',
  {
    keyHash: text('key_hash').primaryKey(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_expires_idx').on(t.expiresAt)],
);

/**
 * Slider (block-puzzle) captchas of the reference's `ajcaptcha` / `ajcheck`. `x` is where the piece fits (on the
 * 310 px wide picture); `secret_key` is the AES key the browser encrypts its answer with (given to it, so not a
 * secret of ours). A right answer sets `verified_at` and the hash of the `captchaVerification` the browser will show
 * next; that is used up once (`consumed_at`). Only the token's SHA-256 is stored.
 */
export const sliderCaptcha = pgTable(
  'slider_captcha',
  {
    tokenHash: text('token_hash').primaryKey(),
    secretKey: text('secret_key').notNull(),
    x: integer('x').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verificationHash: text('verification_hash').unique(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('slider_captcha_expires_idx').on(t.expiresAt)],
);

export const SCAN_STATUSES = ['pending', 'confirmed', 'refused', 'used'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/**
 * QR scan-login keys. Whoever holds a confirmed key gets a session, so only the key's SHA-256 is stored, and
 * the key is bound to the browser that asked for it (`browser_hash`, the SHA-256 of an HttpOnly cookie): a key
 * read off the screen by someone else cannot be claimed elsewhere. `uid` is the shopper who confirmed (or refused).
 * `ip`, `user_agent` (cut to 300 characters) and `created_at` describe the requesting browser: the confirmation page
 * shows them so a shopper can recognise a phished confirmation link.
 */
export const scanLogin = pgTable(
  'scan_login',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    status: text('status').$type<ScanStatus>().notNull().default('pending'),
    uid: integer('uid').references(() => users.uid, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scan_login_key_uq').on(t.keyHash),
    index('scan_login_expires_idx').on(t.expiresAt),
    check('scan_login_status_ck', sql`${t.status} in ('pending', 'confirmed', 'refused', 'used')`),
  ],
);

/** Third-party accounts (code login) linked to a mall account. */
export const oauthIdentity = pgTable(
  'oauth_identity',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_identity_uq').on(t.provider, t.subject), index('oauth_identity_uid_idx').on(t.uid)],
);
