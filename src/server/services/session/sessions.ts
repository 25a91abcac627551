import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, userSession } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { SessionUser } from '../context.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/** Session lifetime: spec section 9, 604800 s. */
export const SESSION_TTL_SECONDS = 604800;

/** The columns that make a SessionUser (what toUserDto shows), never the password hash. */
export const sessionUserColumns = {
  uid: users.uid,
  nickname: users.nickname,
  avatar: users.avatar,
  phone: users.phone,
  phoneCode: users.phoneCode,
  isOpenMember: users.isOpenMember,
  isMoneyLevel: users.isMoneyLevel,
  scope: users.scope,
};

/** Opens a session for `uid`; the token is returned once and stored only hashed. */
export async function createSession(db: Db, uid: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  await db.insert(userSession).values({ uid, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The session with `tokenHash`, live at `now` (not expired, not revoked), of an enabled user (joined as `users`). */
export const liveSession = (tokenHash: string, now: Date) =>
  and(eq(userSession.tokenHash, tokenHash), gt(userSession.expiresAt, now), isNull(userSession.revokedAt), eq(users.status, true));

/** The live, enabled user behind a token, or null (unknown, expired, revoked or disabled). */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select(sessionUserColumns)
    .from(userSession)
    .innerJoin(users, eq(users.uid, userSession.uid))
    .where(liveSession(hashToken(token), now))
    .limit(1);
  return row ?? null;
}

/** Revokes one session on the server (logout), and the header kept for it (session/shopper-cache.ts). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  const ended = await db
    .update(userSession)
    .set({ revokedAt: new Date() })
    .where(eq(userSession.tokenHash, hashToken(token)))
    .returning({ uid: userSession.uid });
  invalidate(
    db,
    ended.map((s) => tag('shopper', s.uid)),
  );
}
