import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { users, userSession } from '../../db/schema/index.ts';
import { resetBody, type CodeType } from '../../../shared/schemas/auth.ts';
import { hashPassword } from '../../auth/password.ts';
import { hashToken } from '../../auth/tokens.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { findAccount, unmaskedPhone } from './accounts.ts';
import { accountText } from './messages.ts';
import { transactOrRefuse } from './transact.ts';
import { parseInput } from '../input.ts';
import { checkCode, codeMatches } from './verify-code.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

export type ChangePasswordInput = z.input<typeof resetBody>;

/**
 * `POST /api/user/change_pwd`: a new password for the account of the phone, proven by a `change_pwd` code. Works
 * for visitors (forgot password) and signed-in shoppers. Every session of that account ends, except the
 * caller's own when the caller is that account (`currentToken`). An unknown phone fails like a wrong code,
 * since no code was ever sent to it.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: ChangePasswordInput,
  currentToken: string | null = null,
  now = new Date(),
): Promise<{ message: string }> {
  const body = parseInput(resetBody, input);
  const { phoneCode, phone } = unmaskedPhone(ctx.user, body.phone_code, body.phone, true);
  const code = { phoneCode, phone, types: ['change_pwd'] as CodeType[], code: body.sms_code };
  // Hashed outside the transaction, and only for a code that matches (see register).
  const pwdHash = (await codeMatches(ctx.db, code, now)) ? await hashPassword(body.pwd) : null;
  return transactOrRefuse(ctx.db, async (tx) => {
    const refusal = await checkCode(tx, code, now);
    if (refusal) return refusal;
    if (!pwdHash) throw new ServiceError('conflict', accountText.retry);
    const account = await findAccount(tx, phoneCode, phone);
    // Codes are only issued for existing, enabled accounts: this is a race with a deletion or a ban.
    if (!account?.status) throw new ServiceError('refused', accountText.codeWrong);
    await tx.update(users).set({ pwdHash }).where(eq(users.uid, account.uid));
    const keep = ctx.user?.uid === account.uid && currentToken ? hashToken(currentToken) : null;
    await tx
      .update(userSession)
      .set({ revokedAt: now })
      .where(and(eq(userSession.uid, account.uid), isNull(userSession.revokedAt), keep ? ne(userSession.tokenHash, keep) : undefined));
    invalidate(tx, [tag('shopper', account.uid)]);
    return { message: accountText.passwordChanged };
  });
}
