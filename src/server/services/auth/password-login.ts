import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { country } from '../../db/schema/index.ts';
import { passwordLoginBody } from '../../../shared/schemas/auth.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { clear, count, hit } from '../../auth/rate-limit.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { findAccount, type AccountRow } from './accounts.ts';
import { captchaGate } from './captcha-gate.ts';
import * as L from './limits.ts';
import { accountText } from './messages.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { transactOrRefuse } from './transact.ts';
import { parseInput } from '../input.ts';

export type PasswordLoginInput = z.input<typeof passwordLoginBody>;

// Verified against when there is no account (or no password), so every answer costs one scrypt run.
let dummyHash: Promise<string> | undefined;

/**
 * The (area code, phone) pairs an account string can mean. With `phone_code` the split is known (the dialog
 * may also send the bare phone); without, every 1-4 digit prefix that is a real calling code is tried.
 */
async function candidates(db: Db, account: string, phoneCode?: string): Promise<[string, string][]> {
  if (phoneCode) {
    const out: [string, string][] = [];
    if (account.startsWith(phoneCode) && account.length - phoneCode.length >= 4) out.push([phoneCode, account.slice(phoneCode.length)]);
    out.push([phoneCode, account]);
    return out;
  }
  const prefixes = [1, 2, 3, 4].map((n) => account.slice(0, n)).filter((p) => account.length - p.length >= 4);
  if (!prefixes.length) return [];
  const known = await db.selectDistinct({ code: country.phoneCode }).from(country).where(or(...prefixes.map((p) => eq(country.phoneCode, p))));
  const codes = new Set(known.map((k) => k.code));
  return prefixes.filter((p) => codes.has(p)).map((p) => [p, account.slice(p.length)]);
}

async function resolveAccount(db: Db, account: string, phoneCode?: string): Promise<AccountRow | null> {
  for (const [pc, phone] of await candidates(db, account, phoneCode)) {
    const found = await findAccount(db, pc, phone);
    if (found) return found;
  }
  return null;
}

/**
 * `POST /api/auth/login`: account (area code + phone) and password. Unknown accounts and wrong passwords get the
 * same `账号或密码错误` after the same scrypt work. After 5 failures for an account or 20 from an address within
 * 15 minutes the image captcha is required.
 */
export async function passwordLogin(ctx: ServiceContext, input: PasswordLoginInput, now = new Date()): Promise<SignedIn> {
  const body = parseInput(passwordLoginBody, input);
  const found = await resolveAccount(ctx.db, body.account, body.phone_code);
  const accountBucket = L.buckets.loginFailAccount(found ? `${found.phoneCode}-${found.phone}` : body.account);
  const ipBucket = ctx.ip ? L.buckets.loginFailIp(ctx.ip) : null;
  return transactOrRefuse(ctx.db, async (tx) => {
    const failures = async () => ({
      account: await count(tx, accountBucket, L.LOGIN_WINDOW_SECONDS, now),
      ip: ipBucket ? await count(tx, ipBucket, L.LOGIN_WINDOW_SECONDS, now) : 0,
    });
    const before = await failures();
    const needed = before.account >= L.LOGIN_CAPTCHA_AFTER_ACCOUNT || before.ip >= L.LOGIN_CAPTCHA_AFTER_IP;
    const refusal = await captchaGate(tx, needed, body, [], now);
    if (refusal) return refusal;
    dummyHash ??= hashPassword('mallfront-timing-equaliser');
    const good = await verifyPassword(body.password, found?.pwdHash ?? (await dummyHash));
    if (!found || !good) {
      await hit(tx, accountBucket, now);
      if (ipBucket) await hit(tx, ipBucket, now);
      // Tell the dialog at once when the next try will need the captcha.
      const after = await failures();
      const next = after.account >= L.LOGIN_CAPTCHA_AFTER_ACCOUNT || after.ip >= L.LOGIN_CAPTCHA_AFTER_IP;
      return new ServiceError('refused', accountText.loginFailed, next ? { need_captcha: true } : undefined);
    }
    if (!found.status) throw new ServiceError('refused', accountText.accountDisabled);
    await clear(tx, accountBucket);
    return openSession(tx, found, now);
  });
}
