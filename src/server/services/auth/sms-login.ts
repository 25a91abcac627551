import type { z } from 'zod';
import { smsLoginBody, authText } from '../../../shared/schemas/auth.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { createAccount, findAccount } from './accounts.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { transactOrRefuse } from './transact.ts';
import { checkCode } from './verify-code.ts';

export type SmsLoginInput = z.input<typeof smsLoginBody>;

/** Spec section 8: a failed SMS login always says 验证码错误, whatever went wrong. */
const failed = () => new ServiceError('refused', authText.smsLoginFailed);

/**
 * `POST /api/auth/smslogin`: phone and a `login` (or header `mobile`) code. An unknown phone gets a new
 * account (quick login registers). Wrong tries still count against the code.
 */
export async function smsLogin(ctx: ServiceContext, input: SmsLoginInput, now = new Date()): Promise<SignedIn> {
  const parsed = smsLoginBody.safeParse(input);
  if (!parsed.success) throw failed();
  const body = parsed.data;
  try {
    return await transactOrRefuse(ctx.db, async (tx) => {
      const refusal = await checkCode(
        tx,
        { phoneCode: body.phone_code, phone: body.phone, types: ['login', 'mobile'], code: body.sms_code },
        now,
      );
      if (refusal) return refusal;
      const user = await findAccount(tx, body.phone_code, body.phone);
      if (user && !user.status) throw failed();
      const account = user ?? (await createAccount(tx, body.phone_code, body.phone, null, now));
      // A parallel quick login created it first: the transaction rolls back and the shopper tries again.
      if (!account) throw failed();
      return openSession(tx, account, now);
    });
  } catch (err) {
    if (err instanceof ServiceError) throw failed();
    throw err;
  }
}
