import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsCode } from '../../db/schema/index.ts';
import type { CodeType } from '../../../shared/schemas/auth.ts';
import { ServiceError } from '../errors.ts';
import { CODE_LENGTH, CODE_MAX_ATTEMPTS } from './limits.ts';
import { accountText } from './messages.ts';

/** A fresh numeric code from node:crypto, with its per-row salt and keyed hash (the code is never stored). */
export function newCode(): { code: string; salt: string; codeHash: string } {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('hex');
  return { code, salt, codeHash: hashCode(salt, code) };
}

export const hashCode = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

export interface CodeCheck {
  phoneCode: string;
  phone: string;
  /** Types accepted: an SMS login takes both the dialog's `login` and the header's `mobile` codes. */
  types: CodeType[];
  code: string;
}

const refuse = (message: string) => new ServiceError('refused', message);

/**
 * Whether `code` is the latest live code of the phone, read without a lock and without using it up or counting a
 * try: a cheap look before slow work (a password hash) that should only be done for a right code. `checkCode`
 * remains the authority inside the transaction.
 */
export async function codeMatches(db: Db, c: CodeCheck, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.phoneCode, c.phoneCode), eq(smsCode.phone, c.phone), inArray(smsCode.type, c.types), isNull(smsCode.consumedAt)))
    .orderBy(desc(smsCode.id))
    .limit(1);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS || row.expiresAt.getTime() <= now.getTime()) return false;
  return timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hashCode(row.salt, c.code.trim()), 'hex'));
}

/**
 * Checks `code` against the latest live code sent to the phone and uses it up when right. Returns a refusal
 * instead of throwing, so the caller's transaction still commits the wrong-try count; the code row is locked so
 * parallel tries are counted one by one and a code works only once.
 */
export async function checkCode(tx: Db, c: CodeCheck, now = new Date()): Promise<ServiceError | null> {
  const [row] = await tx
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.phoneCode, c.phoneCode), eq(smsCode.phone, c.phone), inArray(smsCode.type, c.types), isNull(smsCode.consumedAt)))
    .orderBy(desc(smsCode.id))
    .limit(1)
    .for('update');
  if (!row) return refuse(accountText.codeWrong);
  if (row.attempts >= CODE_MAX_ATTEMPTS) return refuse(accountText.codeTooManyTries);
  if (row.expiresAt.getTime() <= now.getTime()) return refuse(accountText.codeExpired);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.salt, c.code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await tx.update(smsCode).set({ attempts }).where(eq(smsCode.id, row.id));
    return refuse(attempts >= CODE_MAX_ATTEMPTS ? accountText.codeTooManyTries : accountText.codeWrong);
  }
  await tx.update(smsCode).set({ consumedAt: now }).where(eq(smsCode.id, row.id));
  return null;
}
