import { resolve } from 'node:path';

/** Process configuration, read once from the environment. Documented in README.md. */
export const config = {
  /** PostgreSQL connection string; when unset the embedded PGlite is used. */
  databaseUrl: process.env.DATABASE_URL || '',
  /** Where PGlite keeps its files; `memory://` keeps the database in memory (tests). */
  dataDir: process.env.DATA_DIR || resolve(process.cwd(), 'data'),
  /** PGlite in a worker thread of its own (default), or `off`: in the main thread (src/server/db/pglite-thread.ts). */
  pgliteThread: process.env.PGLITE_THREAD !== 'off',
  migrationsDir: process.env.MIGRATIONS_DIR || resolve(process.cwd(), 'src/server/db/migrations'),
  /** Public base URL of the mall, used for absolute links (QR codes, canonical URLs). */
  siteUrl: (process.env.SITE_URL || `http://localhost:${process.env.PORT || 4321}`).replace(/\/+$/, ''),
  /** Skip the demo seed (an operator database that is filled by other means). */
  seed: process.env.SEED !== 'none',
  /** Test mode: /api/captcha also returns the answer so browser tests can solve it. Never set in production. */
  isTest: process.env.MALLFRONT_TEST === '1',
  /** SMS delivery: `outbox` (default; appends to a JSON-lines file for development and tests) or `http`. */
  smsProvider: (process.env.SMS_PROVIDER || 'outbox') as 'outbox' | 'http',
  /** File the outbox provider appends one JSON line per message to. */
  smsOutbox: resolve(process.cwd(), process.env.SMS_OUTBOX || 'data/sms-outbox.jsonl'),
  /** The `http` provider POSTs {phone, phone_code, type, code, template} here... */
  smsGatewayUrl: process.env.SMS_GATEWAY_URL || '',
  /** ...with `Authorization: Bearer <token>` when set. */
  smsGatewayToken: process.env.SMS_GATEWAY_TOKEN || '',
  /** Template id passed to the gateway with every code. */
  smsTemplate: process.env.SMS_TEMPLATE || 'verify_code',
  /** Template id of the notice sent, in place of a register code, to a phone that already has an account. */
  smsNoticeTemplate: process.env.SMS_NOTICE_TEMPLATE || 'register_notice',
  /** With `PAY_ALIPAY=alipay` (src/server/payment/alipay.ts): the app's id on Alipay's open platform... */
  alipayAppId: process.env.ALIPAY_APP_ID || '',
  /** ...the app's RSA private key and Alipay's public key: PEM text, the key tool's bare base64, or a file's path... */
  alipayPrivateKey: process.env.ALIPAY_PRIVATE_KEY || '',
  alipayPublicKey: process.env.ALIPAY_PUBLIC_KEY || '',
  /** ...and the gateway (Alipay's sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  alipayGateway: process.env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
  /** Parcel tracking: `demo` (default; a believable timeline made up from the shipping time) or `http`. */
  logisticsProvider: (process.env.LOGISTICS_PROVIDER || 'demo') as 'demo' | 'http',
  /** The `http` provider POSTs {com, num, phone} here... */
  logisticsUrl: process.env.LOGISTICS_URL || '',
  /** ...with `Authorization: Bearer <key>` when set. */
  logisticsKey: process.env.LOGISTICS_KEY || '',
};

/** A setting that is missing or wrong: the server does not start, and the message names the setting. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Whether `raw` is an absolute http(s) URL (a gateway's setting). */
export function httpUrl(raw: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}
