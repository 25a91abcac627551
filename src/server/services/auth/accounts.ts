import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { SessionUser } from '../context.ts';

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
