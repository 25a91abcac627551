import type { Database } from '../../src/server/db/client.ts';
import type { ServiceContext } from '../../src/server/services/context.ts';
import { createMemoryProvider } from '../../src/server/auth/sms/memory.ts';
import { useSmsProvider } from '../../src/server/auth/sms/index.ts';
import { sendCode } from '../../src/server/services/auth/send-code.ts';
import { getCaptcha } from '../../src/server/services/auth/get-captcha.ts';
import type { CodeType } from '../../src/shared/schemas/auth.ts';

/** Codes go to memory in service tests (never to ./data); returns the outbox to read them from. */
export function installMemorySms() {
  const sms = createMemoryProvider();
  useSmsProvider(sms);
  return sms;
}

/** A clock in whole seconds from the real present, so sessions opened "at" it are live for findSessionUser too. */
export const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let nextIp = 1;
/** A visitor from an address no other test uses, so per-address limits do not leak between tests. */
export function visitorFrom(database: Database, ip = `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`): ServiceContext {
  return { db: database.db, user: null, ip };
}

let nextPhone = 0;
/** A mainland number unique within the test file. */
export const freshPhone = () => `137${String(10000000 + nextPhone++ * 7919).slice(-8)}`;

/** Sends a code through the service and returns what the shopper received by SMS. */
export async function codeFor(
  ctx: ServiceContext,
  sms: ReturnType<typeof installMemorySms>,
  phone: string,
  type: CodeType,
  now = T0,
  phoneCode = '86',
): Promise<string> {
  await sendCode(ctx, type === 'mobile' ? { type, phone } : { type, phone, phone_code: phoneCode }, now);
  const code = sms.last(phone);
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** A captcha and its answer, as the test-mode API would give it. */
export async function solvedCaptcha(ctx: ServiceContext, now = T0): Promise<{ key: string; code: string }> {
  const c = await getCaptcha(ctx, { exposeCode: true }, now);
  return { key: c.key, code: c.code! };
}
