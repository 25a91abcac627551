import type { z } from 'zod';
import { registerBody, type CodeType } from '../../../shared/schemas/auth.ts';
import { hashPassword } from '../../auth/password.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { createAccount } from './accounts.ts';
import { accountText } from './messages.ts';
import { transactOrRefuse } from './transact.ts';
import { parseInput } from '../input.ts';
import { checkCode, codeMatches } from './verify-code.ts';

export type RegisterInput = z.input<typeof registerBody>;

/**
 * `POST /api/auth/register`: a new account for a phone proven by a `register` (or `login`) code. Answers `注册成功` without
 * signing in (the dialog moves to the password panel). The default nickname is 用户 plus the last 4 digits.
 * A registered phone is refused with the code messages, never with "registered".
 */
export async function register(ctx: ServiceContext, input: RegisterInput, now = new Date()): Promise<{ message: string; uid: number }> {
  const body = parseInput(registerBody, input);
  // A `login` code proves the phone as well: the reference's client has no `register` type and registers with one.
  const code = { phoneCode: body.phone_code, phone: body.phone, types: ['register', 'login'] as CodeType[], code: body.sms_code };
  // Hashed outside the transaction (no lock or connection held for scrypt), and only for a code that matches, so
  // wrong codes cannot make the server burn scrypt time.
  const pwdHash = (await codeMatches(ctx.db, code, now)) ? await hashPassword(body.pwd) : null;
  return transactOrRefuse(ctx.db, async (tx) => {
    const refusal = await checkCode(tx, code, now);
    if (refusal) return refusal;
    // The code became right in between (a new one was sent): nothing is used up, the shopper just submits again.
    if (!pwdHash) throw new ServiceError('conflict', accountText.retry);
    const user = await createAccount(tx, body.phone_code, body.phone, pwdHash, now);
    // Registered since the code was sent: the code is used up and the answer stays a code answer (asking again
    // brings the owner's register_notice SMS). A registered phone otherwise only ever has a decoy code (send-code.ts),
    // so every code for it is 验证码错误, as for a wrong code of a new phone.
    if (!user) return new ServiceError('refused', accountText.codeInvalidated);
    return { message: accountText.registered, uid: user.uid };
  });
}
