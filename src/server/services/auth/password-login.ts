import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { country } from '../../db/schema/index.ts';
import { MAINLAND_MOBILE, passwordLoginBody } from '../../../shared/schemas/auth.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { clear, count, hit, lockKey, unhit } from '../../auth/rate-limit.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { findAccount, type AccountRow } from './accounts.ts';
import { captchaGate } from './captcha-gate.ts';
import * as L from './limits.ts';
import { accountText } from './messages.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { transactOrRefuse } from './transact.ts';
import { transaction } from '../../db/transaction.ts';
import { parseInput } from '../input.ts';

export type PasswordLoginInput = z.input<typeof passwordLoginBody>;

// Verified against when there is no account (or no password), so every answer costs one scrypt run.
let dummyHash: Promise<string> | undefined;

/**
 * The (area code, phone) pairs an account string can mean. With `phone_code` the split is known (the dialog
 * may also send the bare phone). Without, a mainland mobile number typed without a prefix (`13800138000`) is
 * +86 only, never +1 3800138000; any other account (or one typed with a leading `+`) tries every 1-4 digit
 * prefix that is a real calling code.
 */
async function candidates(db: Db, account: string, phoneCode?: string, international = false): Promise<[string, string][]> {
  if (phoneCode) {
    const out: [string, string][] = [];
    if (account.startsWith(phoneCode) && account.length - phoneCode.length >= 4) out.push([phoneCode, account.slice(phoneCode.length)]);
    out.push([phoneCode, account]);
    return out;
  }
  if (!international && MAINLAND_MOBILE.test(account)) return [['86', account]];
  const prefixes = [1, 2, 3, 4].map((n) => account.slice(0, n)).filter((p) => account.length - p.length >= 4);
  if (!prefixes.length) return [];
  const known = await db
    .selectDistinct({ code: country.phoneCode })
    .from(country)
    .where(or(...prefixes.map((p) => eq(country.phoneCode, p))));
  const codes = new Set(known.map((k) => k.code));
  return prefixes.filter((p) => codes.has(p)).map((p) => [p, account.slice(p.length)]);
}

/**
 * The one account the string names. When the split is a guess and more than one country's number matches
 * (say +1 2345678901 and +12 345678901), none is chosen: signing in to somebody else's account by luck of
 * the prefix order must not happen; the shopper picks the area code instead.
 */
async function resolveAccount(db: Db, account: string, phoneCode?: string, international = false): Promise<AccountRow | null> {
  const found: AccountRow[] = [];
  for (const [pc, phone] of await candidates(db, account, phoneCode, international)) {
    const row = await findAccount(db, pc, phone);
    if (row && !found.some((f) => f.uid === row.uid)) found.push(row);
  }
  if (phoneCode) return found[0] ?? null;
  return found.length === 1 ? found[0]! : null;
}

/**
 * `POST /api/auth/login`: account (area code + phone) and password. Unknown accounts and wrong passwords get the
 * same `账号或密码错误` after the same scrypt work. After 5 failures for an account or 20 from an address within
 * 15 minutes the image captcha is required.
 *
 * Three steps, so that neither the scrypt check (about 50 ms of CPU) nor a waiting guess holds a transaction:
 * a short transaction, serialised per account and address by advisory locks, checks the limits and the captcha
 * and counts this attempt as a failure in advance (parallel guesses see it at once: exactly the limit is
 * evaluated); then the password is checked outside any transaction; a success takes the advance count back
 * and opens the session.
 */
export async function passwordLogin(ctx: ServiceContext, input: PasswordLoginInput, now = new Date()): Promise<SignedIn> {
  const body = parseInput(passwordLoginBody, input);
  // The schema drops a leading `+`; typed, it says the digits start with a calling code.
  const international = typeof input.account === 'string' && input.account.trim().startsWith('+');
  const found = await resolveAccount(ctx.db, body.account, body.phone_code, international);
  const accountBucket = L.buckets.loginFailAccount(found ? `${found.phoneCode}-${found.phone}` : body.account);
  const ipBucket = ctx.ip ? L.buckets.loginFailIp(ctx.ip) : null;
  const failures = async (db: Db) => ({
    account: await count(db, accountBucket, L.LOGIN_WINDOW_SECONDS, now),
    ip: ipBucket ? await count(db, ipBucket, L.LOGIN_WINDOW_SECONDS, now) : 0,
  });
  const overLimit = (f: { account: number; ip: number }) => f.account >= L.LOGIN_CAPTCHA_AFTER_ACCOUNT || f.ip >= L.LOGIN_CAPTCHA_AFTER_IP;

  const reserved = await transactOrRefuse(ctx.db, async (tx) => {
    // Always in this order (account, then address), so two attempts never wait on each other crosswise.
    await lockKey(tx, accountBucket);
    if (ipBucket) await lockKey(tx, ipBucket);
    const refusal = await captchaGate(tx, overLimit(await failures(tx)), body, [], now);
    if (refusal) return refusal;
    const ids = [await hit(tx, accountBucket, now)];
    if (ipBucket) ids.push(await hit(tx, ipBucket, now));
    return ids;
  });

  dummyHash ??= hashPassword('mallfront-timing-equaliser');
  const good = await verifyPassword(body.password, found?.pwdHash ?? (await dummyHash));
  if (!found || !good) {
    // Tell the dialog at once when the next try will need the captcha.
    const next = overLimit(await failures(ctx.db));
    throw new ServiceError('refused', accountText.loginFailed, next ? { need_captcha: true } : undefined);
  }
  if (!found.status) {
    await unhit(ctx.db, reserved);
    throw new ServiceError('refused', accountText.accountDisabled);
  }
  return transaction(ctx.db, async (tx) => {
    await unhit(tx, reserved);
    await clear(tx, accountBucket);
    return openSession(tx, found, now);
  });
}
