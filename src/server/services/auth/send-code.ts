import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { smsCode } from '../../db/schema/index.ts';
import { sendCodeBody, type CodeType } from '../../../shared/schemas/auth.ts';
import { getSmsProvider, type SmsMessage } from '../../auth/sms/index.ts';
import { count, hit, latest, lockKey, unhit } from '../../auth/rate-limit.ts';
import { ServiceError } from '../errors.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { findAccount, unmaskedPhone } from './accounts.ts';
import { captchaGate } from './captcha-gate.ts';
import * as L from './limits.ts';
import { accountText } from './messages.ts';
import { transactOrRefuse } from './transact.ts';
import { transaction } from '../../db/transaction.ts';
import { parseInput } from '../input.ts';
import { newCode } from './verify-code.ts';

export type SendCodeInput = z.input<typeof sendCodeBody>;

const tooMany = (message: string) => new ServiceError('rate_limited', message);

/** The 60-second interval and the daily caps; null when a send is allowed. */
async function sendLimit(
  tx: Db,
  phoneBucket: string,
  intervalBucket: string,
  ip: string | undefined,
  now: Date,
): Promise<ServiceError | null> {
  const last = await latest(tx, intervalBucket);
  const waited = last ? (now.getTime() - last.getTime()) / 1000 : Infinity;
  if (waited < L.SEND_INTERVAL_SECONDS) return tooMany(accountText.waitSeconds(Math.ceil(L.SEND_INTERVAL_SECONDS - waited)));
  if ((await count(tx, phoneBucket, L.DAY, now)) >= L.SEND_DAILY_PER_PHONE) return tooMany(accountText.phoneDailyCap);
  if (ip && (await count(tx, L.buckets.smsIp(ip), L.DAY, now)) >= L.SEND_DAILY_PER_IP) return tooMany(accountText.ipDailyCap);
  return null;
}

/** Repeated sends for a phone or from an address, or a failed captcha, make the image captcha mandatory. */
async function captchaNeeded(tx: Db, phoneCode: string, phone: string, ip: string | undefined, now: Date): Promise<boolean> {
  if ((await count(tx, L.buckets.smsPhone(phoneCode, phone), L.HOUR, now)) >= L.SEND_CAPTCHA_AFTER_PHONE) return true;
  if ((await count(tx, L.buckets.smsCaptchaFailPhone(phoneCode, phone), L.HOUR, now)) > 0) return true;
  if (!ip) return false;
  return (
    (await count(tx, L.buckets.smsIp(ip), L.HOUR, now)) >= L.SEND_CAPTCHA_AFTER_IP ||
    (await count(tx, L.buckets.smsCaptchaFailIp(ip), L.HOUR, now)) > 0
  );
}

/**
 * What a send means for this phone: deliver a code; `notice` (a register code for a registered phone: store an
 * unusable decoy code and tell the owner by SMS, so the asker gets the same answer and the same later refusals as
 * for a new phone); `decoy` (the same for a disabled account, or a change-phone code for another account's phone,
 * without the SMS); pretend (a reset for an unknown
 * phone must not reveal whether it is registered); or a refusal.
 */
async function decide(
  ctx: ServiceContext,
  tx: Db,
  type: CodeType,
  phoneCode: string,
  phone: string,
): Promise<'send' | 'notice' | 'decoy' | 'pretend' | ServiceError> {
  const owner = await findAccount(tx, phoneCode, phone);
  if (type === 'register') return !owner ? 'send' : owner.status ? 'notice' : 'decoy';
  if (type === 'change_pwd') return owner?.status ? 'send' : 'pretend';
  if (type === 'change_phone') {
    const me = requireUser(ctx);
    if (!owner) return 'send';
    if (owner.uid === me.uid) return new ServiceError('refused', accountText.phoneSame);
    // Someone else's phone answers as a new one does (an unusable code, no SMS): the answer tells nothing about it.
    return 'decoy';
  }
  return 'send'; // login / mobile: a quick login registers unknown phones; intention: any phone of a signed-in applicant
}

/**
 * `POST /api/auth/verify`: sends a 6-digit code valid 5 minutes. One send per phone and purpose per 60 s, at most 10 a day
 * per phone and 50 per address; after 3 sends for a phone or 10 from an address within an hour (or a failed
 * captcha) an image captcha is required. Limits live in the database, serialised per phone by an advisory lock.
 *
 * A register code asked for a registered phone gets the same answer, limits and captcha demands as for a new one
 * (so the answer does not tell whether a phone is registered); the owner gets a `register_notice` SMS instead of a
 * code, and the phone a decoy code that nothing can be registered with.
 *
 * The gateway call (up to seconds) runs after the transaction that counted the send and stored the code, so no
 * lock or (on PGlite) the one connection is held while it waits; when the gateway fails, a second short
 * transaction takes the send back (code, counted hits, superseded codes), so the shopper may retry at once.
 */
export async function sendCode(ctx: ServiceContext, input: SendCodeInput, now = new Date()): Promise<{ message: string }> {
  const body = parseInput(sendCodeBody, input);
  const { type } = body;
  const { phoneCode, phone } =
    body.type === 'mobile'
      ? { phoneCode: '86', phone: body.phone }
      : unmaskedPhone(ctx.user, body.phone_code, body.phone, type === 'change_pwd');
  if (type === 'change_phone' || type === 'intention') requireUser(ctx); // before any limit is touched
  const phoneBucket = L.buckets.smsPhone(phoneCode, phone);
  const intervalBucket = L.buckets.smsInterval(phoneCode, phone, type);
  const sent = await transactOrRefuse(ctx.db, async (tx) => {
    await lockKey(tx, phoneBucket);
    const limited = await sendLimit(tx, phoneBucket, intervalBucket, ctx.ip, now);
    if (limited) return limited;
    const needed = await captchaNeeded(tx, phoneCode, phone, ctx.ip, now);
    const failBuckets = [L.buckets.smsCaptchaFailPhone(phoneCode, phone), ...(ctx.ip ? [L.buckets.smsCaptchaFailIp(ctx.ip)] : [])];
    const refusal = await captchaGate(tx, needed, body, failBuckets, now);
    if (refusal) return refusal;
    const decision = await decide(ctx, tx, type, phoneCode, phone);
    // Refusals count against the address too, so probing which phones are registered is rate-limited.
    const hits = ctx.ip ? [await hit(tx, L.buckets.smsIp(ctx.ip), now)] : [];
    if (decision instanceof ServiceError) return decision;
    hits.push(await hit(tx, phoneBucket, now), await hit(tx, intervalBucket, now));
    if (decision === 'pretend') return { hits, issued: null, message: null };
    const issued = await issue(tx, { phoneCode, phone, type, ip: ctx.ip, decoy: decision !== 'send' }, now);
    const message: SmsMessage | null =
      decision === 'send'
        ? { phone, phone_code: phoneCode, type, code: issued.code }
        : decision === 'notice'
          ? { phone, phone_code: phoneCode, type: 'register_notice', text: accountText.registerNoticeSms }
          : null;
    return { hits, issued, message };
  });
  if (sent.issued && sent.message) {
    try {
      await getSmsProvider().send(sent.message);
    } catch (err) {
      await takeBack(ctx.db, sent.hits, sent.issued);
      throw err;
    }
  }
  return { message: accountText.codeSent };
}

/** Undoes a send the gateway refused: the new code goes, the codes it superseded are live again, the counts go. */
async function takeBack(db: Db, hits: number[], issued: Issued): Promise<void> {
  await transaction(db, async (tx) => {
    await tx.delete(smsCode).where(eq(smsCode.id, issued.id));
    if (issued.superseded.length) await tx.update(smsCode).set({ consumedAt: null }).where(inArray(smsCode.id, issued.superseded));
    await unhit(tx, hits);
  });
}

interface Issued {
  id: number;
  /** The code to send; '' for a decoy. */
  code: string;
  /** Live codes of the same purpose this one replaced. */
  superseded: number[];
}

/**
 * Stores a new code, superseding older live ones of the type; the caller hands it to the SMS provider after commit.
 * A decoy is stored like a code (it expires, counts wrong tries and is superseded the same way) but its hash is
 * random bytes, the hash of no code, and it is never sent: nothing can be registered with it.
 */
async function issue(
  tx: Db,
  m: { phoneCode: string; phone: string; type: CodeType; ip?: string; decoy?: boolean },
  now: Date,
): Promise<Issued> {
  const fresh = newCode();
  const { salt } = fresh;
  const code = m.decoy ? '' : fresh.code;
  const codeHash = m.decoy ? randomBytes(32).toString('hex') : fresh.codeHash;
  const types: CodeType[] = m.type === 'mobile' || m.type === 'login' ? ['login', 'mobile'] : [m.type];
  const superseded = await tx
    .update(smsCode)
    .set({ consumedAt: now })
    .where(and(eq(smsCode.phoneCode, m.phoneCode), eq(smsCode.phone, m.phone), inArray(smsCode.type, types), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  const expiresAt = new Date(now.getTime() + L.CODE_TTL_SECONDS * 1000);
  const [row] = await tx
    .insert(smsCode)
    .values({ phoneCode: m.phoneCode, phone: m.phone, type: m.type, codeHash, salt, expiresAt, ip: m.ip ?? null, createdAt: now })
    .returning({ id: smsCode.id });
  return { id: row!.id, code, superseded: superseded.map((r) => r.id) };
}
