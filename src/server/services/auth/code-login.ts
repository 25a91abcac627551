import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthIdentity, users } from '../../db/schema/index.ts';
import { codeLoginBody } from '../../../shared/schemas/auth.ts';
import { getOAuthProvider, type OAuthIdentity } from '../../auth/oauth.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext, SessionUser } from '../context.ts';
import { createAccount, findAccount, sessionUserColumns } from './accounts.ts';
import { accountText } from './messages.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { transactOrRefuse } from './transact.ts';
import { parseInput } from '../input.ts';

/** The enabled account linked to the identity; a verified phone links (or creates) one the first time. */
async function accountFor(tx: Db, provider: string, id: OAuthIdentity, now: Date): Promise<SessionUser> {
  const [linked] = await tx
    .select({ ...sessionUserColumns, status: users.status })
    .from(oauthIdentity)
    .innerJoin(users, eq(users.uid, oauthIdentity.uid))
    .where(and(eq(oauthIdentity.provider, provider), eq(oauthIdentity.subject, id.subject)));
  if (linked) {
    if (!linked.status) throw new ServiceError('refused', accountText.accountDisabled);
    return linked;
  }
  if (!id.phone) throw new ServiceError('refused', accountText.oauthUnlinked);
  const existing = await findAccount(tx, id.phone.phoneCode, id.phone.phone);
  if (existing && !existing.status) throw new ServiceError('refused', accountText.accountDisabled);
  const account = existing ?? (await createAccount(tx, id.phone.phoneCode, id.phone.phone, null, now));
  if (!account) throw new ServiceError('conflict', '登录冲突，请重试');
  await tx.insert(oauthIdentity).values({ provider, subject: id.subject, uid: account.uid, createdAt: now }).onConflictDoNothing();
  return account;
}

/**
 * Third-party code login (`POST /api/auth/code_login`, and the `/login?code=` page server-side): exchanges the
 * callback code with the configured OAuth provider and signs the linked account in. With no provider
 * configured it answers 400 `未配置第三方登录`.
 */
export async function codeLogin(ctx: ServiceContext, code: unknown, now = new Date()): Promise<SignedIn> {
  const provider = getOAuthProvider();
  const body = parseInput(codeLoginBody, { code });
  // The provider call is outside the transaction: no locks are held while waiting on the network.
  const identity = await provider.exchange(body.code);
  return transactOrRefuse(ctx.db, async (tx) => openSession(tx, await accountFor(tx, provider.name, identity, now), now));
}
