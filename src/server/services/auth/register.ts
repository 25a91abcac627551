import type { z } from 'zod';
import { registerBody } from '../../../shared/schemas/auth.ts';
import { hashPassword } from '../../auth/password.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { createAccount } from './accounts.ts';
import { accountText } from './messages.ts';
import { transactOrRefuse } from './transact.ts';
import { parseInput } from '../input.ts';
import { checkCode } from './verify-code.ts';

export type RegisterInput = z.input<typeof registerBody>;

/**
 * `POST /api/auth/register`: a new account for a phone proven by a `register` code. Answers `注册成功` without
 * signing in (the dialog moves to the password panel). The default nickname is 用户 plus the last 4 digits.
 */
export async function register(ctx: ServiceContext, input: RegisterInput, now = new Date()): Promise<{ message: string; uid: number }> {
  const body = parseInput(registerBody, input);
  return transactOrRefuse(ctx.db, async (tx) => {
    const refusal = await checkCode(tx, { phoneCode: body.phone_code, phone: body.phone, types: ['register'], code: body.sms_code }, now);
    if (refusal) return refusal;
    // Hashed only after the code passed, so wrong codes cannot make the server burn scrypt time.
    const pwdHash = await hashPassword(body.pwd);
    const user = await createAccount(tx, body.phone_code, body.phone, pwdHash, now);
    // Throwing (not returning) keeps the code usable: nothing was registered with it.
    if (!user) throw new ServiceError('refused', accountText.phoneRegistered);
    return { message: accountText.registered, uid: user.uid };
  });
}
