import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { SessionUser } from '../context.ts';
import { badRequest } from '../errors.ts';
import { maskPhone } from '../user/get-user.ts';
import { authText, MASKED_PHONE } from '../../../shared/schemas/auth.ts';

/** New accounts get this avatar until the shopper picks one. */
export const DEFAULT_AVATAR = '/images/avatar-2.svg';

import { sessionUserColumns } from '../session/sessions.ts';

export { sessionUserColumns };

export type AccountRow = SessionUser & { pwdHash: string | null; status: boolean };

/** The account registered with this area code and phone, with what sign-in needs to check. */
export async function findAccount(db: Db, phoneCode: string, phone: string): Promise<AccountRow | null> {
  const [row] = await db
    .select({ ...sessionUserColumns, pwdHash: users.pwdHash, status: users.status })
    .from(users)
    .where(and(eq(users.phoneCode, phoneCode), eq(users.phone, phone)))
    .limit(1);
  return row ?? null;
}

/** '用户' plus the last four digits, as shoppers know it from other malls. */
export const defaultNickname = (phone: string) => `用户${phone.slice(-4)}`;

/** Creates an account; null when the phone was taken meanwhile (the unique index decides races). */
export async function createAccount(
  db: Db,
  phoneCode: string,
  phone: string,
  pwdHash: string | null,
  now = new Date(),
): Promise<SessionUser | null> {
  const [row] = await db
    .insert(users)
    .values({ phoneCode, phone, pwdHash, nickname: defaultNickname(phone), avatar: DEFAULT_AVATAR, createdAt: now })
    .onConflictDoNothing()
    .returning(sessionUserColumns);
  return row ?? null;
}

/** PostgreSQL's unique_violation, through node-postgres, PGlite and drizzle's wrapping error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The phone a password-change body names: as sent, or, when it is masked as `GET /api/user` shows it (138****8000),
 * the signed-in shopper's own: the reference's user centre sends that value back to change the password. Only
 * `change_pwd` takes a mask, and only the caller's own; anything else masked is a malformed phone.
 */
export function unmaskedPhone(
  user: SessionUser | null,
  phoneCode: string,
  phone: string,
  maskAllowed: boolean,
): { phoneCode: string; phone: string } {
  if (!MASKED_PHONE.test(phone)) return { phoneCode, phone };
  if (maskAllowed && user && maskPhone(user.phone) === phone) return { phoneCode: user.phoneCode, phone: user.phone };
  throw badRequest(authText.phoneFormat);
}
