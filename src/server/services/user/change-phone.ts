import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { changePhoneBody } from '../../../shared/schemas/auth.ts';
import { ServiceError } from '../errors.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { findAccount, isUniqueViolation } from '../auth/accounts.ts';
import { accountText } from '../auth/messages.ts';
import { transactOrRefuse } from '../auth/transact.ts';
import { parseInput } from '../input.ts';
import { checkCode } from '../auth/verify-code.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { getSmsProvider } from '../../auth/sms/index.ts';
import { maskPhone } from './get-user.ts';

export type ChangePhoneInput = z.input<typeof changePhoneBody>;

/**
 * `POST /api/user/change/phone` (login required): moves the signed-in account to a new phone, proven by a
 * `change_phone` code sent to that new phone. A phone of another account is refused. Once moved, the old phone is
 * told by SMS (`phone_changed`, after the commit; a failed notice is logged, the change stands): a session in the
 * wrong hands cannot move the account away unnoticed.
 */
export async function changePhone(ctx: ServiceContext, input: ChangePhoneInput, now = new Date()): Promise<{ message: string }> {
  const me = requireUser(ctx);
  const body = parseInput(changePhoneBody, input);
  if (body.phone_code === me.phoneCode && body.phone === me.phone) throw new ServiceError('refused', accountText.phoneSame);
  let changed: { message: string };
  try {
    changed = await transactOrRefuse(ctx.db, async (tx) => {
      const refusal = await checkCode(
        tx,
        { phoneCode: body.phone_code, phone: body.phone, types: ['change_phone'], code: body.sms_code },
        now,
      );
      if (refusal) return refusal;
      if (await findAccount(tx, body.phone_code, body.phone)) throw new ServiceError('refused', accountText.phoneTaken);
      await tx
        .update(users)
        .set({ phoneCode: body.phone_code, phone: body.phone })
        .where(and(eq(users.uid, me.uid), eq(users.status, true)));
      invalidate(tx, [tag('shopper', me.uid)]);
      return { message: accountText.phoneChanged };
    });
  } catch (err) {
    // Another account took the phone between the check and the update: the unique index refused it.
    if (isUniqueViolation(err)) throw new ServiceError('refused', accountText.phoneTaken);
    throw err;
  }
  if (me.phone) {
    const to = `${body.phone_code === '86' ? '' : `+${body.phone_code} `}${maskPhone(body.phone)}`;
    try {
      await getSmsProvider().send({
        phone: me.phone,
        phone_code: me.phoneCode,
        type: 'phone_changed',
        text: accountText.phoneChangedSms(to),
      });
    } catch (err) {
      console.error(`[mallfront] phone change notice for uid ${me.uid} not sent: ${(err as Error).message}`);
    }
  }
  return changed;
}
