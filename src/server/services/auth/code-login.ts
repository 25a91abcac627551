import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthIdentity, users } from '../../db/schema/index.ts';
import { codeLoginBody } from '../../../shared/schemas/auth.ts';
import { getOAuthProvider, sameOAuthState, type OAuthIdentity } from '../../auth/oauth.ts';
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
 * Third-party code login (`POST /api/auth/code_login`, and the `/login?code=&state=` page server-side):
 * checks that `state` is the one this browser was given when it set off (`expectedState`, from its
 * oauth_state cookie; so an attacker's callback link cannot sign a victim in to the attacker's account),
 * exchanges the callback code with the configured OAuth provider and signs the linked account in. With no
 * provider configured it answers 400 `未配置第三方登录`.
 */
export async function codeLogin(
  ctx: ServiceContext,
  input: { code?: unknown; state?: unknown },
  expectedState: string | undefined,
  now = new Date(),
): Promise<SignedIn> {
  const provider = getOAuthProvider();
  const body = parseInput(codeLoginBody, { code: input.code, state: input.state });
  if (!sameOAuthState(body.state, expectedState)) throw new ServiceError('refused', accountText.oauthStateMismatch);
  // The provider call is outside the transaction: no locks are held while waiting on the network.
  const identity = await provider.exchange(body.code);
  return transactOrRefuse(ctx.db, async (tx) => openSession(tx, await accountFor(tx, provider.name, identity, now), now));
}
