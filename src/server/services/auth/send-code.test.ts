import { describe, it, expect, beforeEach } from 'vitest';
import { changePhone } from '../user/change-phone.ts';
import { eq } from 'drizzle-orm';
import { createTestDatabase, userContext } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms, solvedCaptcha, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { smsCode, users } from '../../db/schema/index.ts';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useSmsProvider } from '../../auth/sms/index.ts';
import { createHttpProvider } from '../../auth/sms/http.ts';
import { ServiceError } from '../errors.ts';
import { sendCode } from './send-code.ts';

let sms = installMemorySms();
beforeEach(() => {
  sms = installMemorySms();
});

const send = (ctx: Parameters<typeof sendCode>[0], phone: string, seconds: number, extra: Record<string, string> = {}) =>
  sendCode(ctx, { phone_code: '86', phone, type: 'login', ...extra }, at(seconds));

describe('sendCode (POST /api/auth/verify)', () => {
  it('sends a 6-digit code and answers 验证码已发送; only a salted hash is stored', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    expect(await send(visitorFrom(db), phone, 0)).toEqual({ message: '验证码已发送' });
    expect(sms.messages).toEqual([{ phone, phone_code: '86', type: 'login', code: expect.stringMatching(/^\d{6}$/) }]);
    const rows = await db.db.select().from(smsCode).where(eq(smsCode.phone, phone));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(`"${sms.last(phone)}"`);
    expect(rows[0]!.expiresAt.getTime() - at(0).getTime()).toBe(300000);
  });

  it('allows one send per phone and purpose per 60 s and says how long to wait', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    await send(visitorFrom(db), phone, 0);
    await expect(send(visitorFrom(db), phone, 1)).rejects.toMatchObject({ status: 429, message: '请59秒后再试' });
    // The header's mobile code is a login code too.
    await expect(sendCode(visitorFrom(db), { type: 'mobile', phone }, at(45.5))).rejects.toMatchObject({ message: '请15秒后再试' });
    // Turning to "forgot password" right after is not blocked.
    await expect(send(visitorFrom(db), phone, 2, { type: 'change_pwd' })).resolves.toEqual({ message: '验证码已发送' });
    await expect(send(visitorFrom(db), phone, 3, { type: 'change_pwd' })).rejects.toMatchObject({ message: '请59秒后再试' });
    await expect(send(visitorFrom(db), phone, 60)).resolves.toEqual({ message: '验证码已发送' });
    // Another phone is not affected.
    await expect(send(visitorFrom(db), freshPhone(), 1)).resolves.toBeTruthy();
  });

  it('asks for the image captcha from the 4th send of a phone within an hour, and accepts a right answer', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    for (const t of [0, 60, 120]) await send(visitorFrom(db), phone, t);
    const err = await send(visitorFrom(db), phone, 180).catch((e: ServiceError) => e);
    expect(err).toMatchObject({ status: 400, message: '请输入图形验证码', data: { need_captcha: true } });
    const ctx = visitorFrom(db);
    await expect(send(ctx, phone, 181, await solvedCaptcha(ctx, at(181)))).resolves.toEqual({ message: '验证码已发送' });
    // An hour after the first sends the captcha is no longer needed.
    await expect(send(visitorFrom(db), phone, 3700)).resolves.toBeTruthy();
  });

  it('asks for the captcha after 10 sends from one address within an hour', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    for (let i = 0; i < 10; i++) await send(ctx, freshPhone(), i);
    await expect(send(ctx, freshPhone(), 11)).rejects.toMatchObject({ message: '请输入图形验证码', data: { need_captcha: true } });
    await expect(send(visitorFrom(db), freshPhone(), 11)).resolves.toBeTruthy();
  });

  it('refuses a wrong captcha and then keeps demanding one for that phone', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    for (const t of [0, 60, 120]) await send(visitorFrom(db), phone, t);
    const ctx = visitorFrom(db);
    const { key, code } = await solvedCaptcha(ctx, at(180));
    await expect(send(ctx, phone, 181, { key, code: 'zzzz' })).rejects.toMatchObject({
      message: '图形验证码错误',
      data: { need_captcha: true },
    });
    // The same image again, now with the right answer: the wrong one used it up.
    await expect(send(ctx, phone, 182, { key, code })).rejects.toMatchObject({ message: '图形验证码错误' });
    expect(sms.messages).toHaveLength(3);
    await expect(send(visitorFrom(db), phone, 3650)).rejects.toMatchObject({ message: '请输入图形验证码' });
  });

  it('caps sends per phone at 10 a day', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    for (let i = 0; i < 10; i++) {
      const ctx = visitorFrom(db);
      await send(ctx, phone, i * 61, i >= 3 ? await solvedCaptcha(ctx, at(i * 61)) : {});
    }
    await expect(send(visitorFrom(db), phone, 700)).rejects.toMatchObject({
      status: 429,
      message: '该手机号今日获取验证码次数已达上限，请明天再试',
    });
    await expect(send(visitorFrom(db), phone, 86400 + 100)).resolves.toBeTruthy();
  });

  it('caps sends per address at 50 a day', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    for (let i = 0; i < 50; i++) await send(ctx, freshPhone(), i, i >= 10 ? await solvedCaptcha(ctx, at(i)) : {});
    await expect(send(ctx, freshPhone(), 60, await solvedCaptcha(ctx, at(60)))).rejects.toMatchObject({
      status: 429,
      message: '今日获取验证码次数过多，请明天再试',
    });
  });

  it('answers a register code for a registered phone like a new one, and tells the owner by SMS instead of a code', async () => {
    const db = await createTestDatabase();
    const fresh = freshPhone();
    await expect(send(visitorFrom(db), fresh, 0, { type: 'register' })).resolves.toEqual({ message: '验证码已发送' });
    await expect(send(visitorFrom(db), '13800138000', 0, { type: 'register' })).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages).toEqual([
      { phone: fresh, phone_code: '86', type: 'register', code: expect.stringMatching(/^\d{6}$/) },
      {
        phone: '13800138000',
        phone_code: '86',
        type: 'register_notice',
        text: '有人尝试用您的手机号注册账号。您已注册，可直接登录或找回密码；如非本人操作，请忽略本短信。',
      },
    ]);
    // The registered phone holds a decoy like any other code row: its hash is the hash of no 6-digit code.
    const [decoy] = await db.db.select().from(smsCode).where(eq(smsCode.phone, '13800138000'));
    expect(decoy).toMatchObject({ type: 'register', attempts: 0, consumedAt: null });
    expect(decoy!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a registered phone the same interval, captcha demand and daily cap as a new one', async () => {
    const db = await createTestDatabase();
    const answers = async (phone: string) => {
      const out: string[] = [];
      const say = (p: Promise<{ message: string }>) =>
        p.then(
          (r) => r.message,
          (e: ServiceError) => `${e.status} ${e.message}${e.data ? ' captcha' : ''}`,
        );
      for (const t of [0, 1, 60, 120, 180]) out.push(await say(send(visitorFrom(db), phone, t, { type: 'register' })));
      for (let i = 3; i < 10; i++) {
        const ctx = visitorFrom(db);
        out.push(await say(send(ctx, phone, i * 61, { type: 'register', ...(await solvedCaptcha(ctx, at(i * 61))) })));
      }
      const ctx = visitorFrom(db);
      out.push(await say(send(ctx, phone, 700, { type: 'register', ...(await solvedCaptcha(ctx, at(700))) })));
      return out;
    };
    const registered = await answers('13800138000');
    expect(registered).toEqual(await answers(freshPhone()));
    expect(registered).toEqual([
      '验证码已发送',
      '429 请59秒后再试',
      '验证码已发送',
      '验证码已发送',
      '400 请输入图形验证码 captcha',
      ...Array(7).fill('验证码已发送'),
      '429 该手机号今日获取验证码次数已达上限，请明天再试',
    ]);
    expect(sms.messages.filter((m) => m.phone === '13800138000').map((m) => m.type)).toEqual(Array(10).fill('register_notice'));
  });

  it('sends a disabled account nothing, with the same answer', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    await db.db.insert(users).values({ phoneCode: '86', phone, nickname: '停用的', status: false });
    await expect(send(visitorFrom(db), phone, 0, { type: 'register' })).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages).toEqual([]);
    expect(await db.db.select({ type: smsCode.type }).from(smsCode).where(eq(smsCode.phone, phone))).toEqual([{ type: 'register' }]);
  });

  it('waits on the gateway for a notice as for a code, and takes a failed notice back the same way', async () => {
    const db = await createTestDatabase();
    const slow = { name: 'slow', send: () => new Promise<void>((resolve) => setTimeout(resolve, 150)) };
    useSmsProvider(slow);
    for (const phone of ['13800138000', freshPhone()]) {
      const started = performance.now();
      await send(visitorFrom(db), phone, 0, { type: 'register' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    }
    useSmsProvider({
      name: 'down',
      send: async () => {
        throw new ServiceError('unavailable', '短信发送失败，请稍后再试');
      },
    });
    await expect(send(visitorFrom(db), '13900139000', 0, { type: 'register' })).rejects.toMatchObject({
      message: '短信发送失败，请稍后再试',
    });
    expect(await db.db.select().from(smsCode).where(eq(smsCode.phone, '13900139000'))).toEqual([]);
  });

  it('answers a reset for an unknown phone exactly like a known one, without sending anything', async () => {
    const db = await createTestDatabase();
    await expect(send(visitorFrom(db), freshPhone(), 0, { type: 'change_pwd' })).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages).toEqual([]);
    await expect(send(visitorFrom(db), '13800138000', 0, { type: 'change_pwd' })).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages.map((m) => m.type)).toEqual(['change_pwd']);
  });

  it('sends login codes to unknown phones (quick login registers them)', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    expect(await codeFor(visitorFrom(db), sms, phone, 'login')).toMatch(/^\d{6}$/);
  });

  it('takes the header variant (mobile) for a mainland number only, as area code 86', async () => {
    const db = await createTestDatabase();
    await sendCode(visitorFrom(db), { type: 'mobile', phone: '13612345678' }, at(0));
    expect(sms.messages[0]).toMatchObject({ phone: '13612345678', phone_code: '86', type: 'mobile' });
    await expect(sendCode(visitorFrom(db), { type: 'mobile', phone: '12345678901' }, at(0))).rejects.toMatchObject({
      message: '请输入正确的手机号码',
    });
    await expect(sendCode(visitorFrom(db), { type: 'mobile', phone: '' }, at(0))).rejects.toMatchObject({ message: '请填写手机号码' });
  });

  it('sends change-phone codes to a new number for signed-in shoppers only', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.9.9.9' };
    await expect(send(visitorFrom(db), freshPhone(), 0, { type: 'change_phone' })).rejects.toMatchObject({ message: '请登录' });
    // Another account's phone answers like a new one (nothing says it is registered), gets no SMS, and no code works.
    const texts = sms.messages.length;
    await expect(send(me, '13800138000', 0, { type: 'change_phone' })).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages).toHaveLength(texts);
    await expect(changePhone(me, { phone_code: '86', phone: '13800138000', sms_code: '123456' }, at(1))).rejects.toMatchObject({
      message: '验证码错误',
    });
    await expect(send(me, '13900139000', 0, { type: 'change_phone' })).rejects.toMatchObject({ message: '新手机号不能与当前手机号相同' });
    await expect(send(me, freshPhone(), 0, { type: 'change_phone' })).resolves.toBeTruthy();
  });

  it('sends merchant-application codes (intention) to any phone, for signed-in shoppers only', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.9.9.8' };
    await expect(send(visitorFrom(db), freshPhone(), 0, { type: 'intention' })).rejects.toMatchObject({ message: '请登录' });
    const phone = freshPhone();
    await expect(send(me, phone, 0, { type: 'intention' })).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages.at(-1)).toMatchObject({ phone, phone_code: '86', type: 'intention', code: expect.stringMatching(/^\d{6}$/) });
    await expect(send(me, '13800138000', 0, { type: 'intention' })).resolves.toEqual({ message: '验证码已发送' });
  });

  it('takes sends without an area code (the reference sends none) as the mainland', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.9.9.7' };
    for (const type of ['change_phone', 'intention', 'mobile'] as const) {
      const phone = freshPhone();
      await expect(sendCode(me, { type, phone, phone_code: type === 'intention' ? '' : undefined }, at(0))).resolves.toEqual({
        message: '验证码已发送',
      });
      expect(sms.messages.at(-1)).toMatchObject({ phone, phone_code: '86', type });
    }
    const phone = freshPhone();
    await expect(sendCode(visitorFrom(db), { type: 'register', phone }, at(0))).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.messages.at(-1)).toMatchObject({ phone, phone_code: '86', type: 'register' });
    await expect(sendCode(visitorFrom(db), { type: 'login', phone: '13800138000', phone_code: null } as never, at(0))).resolves.toEqual({
      message: '验证码已发送',
    });
    expect(sms.messages.at(-1)).toMatchObject({ phone: '13800138000', phone_code: '86', type: 'login' });
  });

  it.each([
    [{ phone_code: '+', phone: '13800138000', type: 'login' }, '请填写地区号'],
    [{ phone_code: '86', type: 'login' }, '请填写手机号码'],
    [{ phone_code: '86', phone: '12ab', type: 'login' }, '请输入正确的手机号码'],
    [{ phone_code: '86', phone: '13800138000', type: 'merchant' }, '验证码类型错误'],
    [{ phone_code: '86', phone: '13800138000' }, '验证码类型错误'],
    // Without a type, what is missing before it is named first (area code, phone, then the type).
    [{}, '请填写手机号码'],
    [{ phone_code: '86' }, '请填写手机号码'],
    [{ phone_code: '+', type: 'merchant' }, '请填写地区号'],
    [{ phone: '12ab', type: '' }, '请输入正确的手机号码'],
    [{ phone: '  ', type: 'merchant' }, '请填写手机号码'],
  ])('refuses %j with %s', async (input, message) => {
    const db = await createTestDatabase();
    await expect(sendCode(visitorFrom(db), input as never, at(0))).rejects.toMatchObject({ status: 400, message });
  });

  it('waits on a slow SMS gateway (a local HTTP server) outside the transaction: other reads and sends go on', async () => {
    const db = await createTestDatabase();
    // The gateway holds every request until the test lets it answer.
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const held: ServerResponse[] = [];
    const gateway = createServer((req, res) => {
      req.resume();
      held.push(res);
      arrived();
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = gateway.address() as AddressInfo;
      useSmsProvider(createHttpProvider({ url: `http://127.0.0.1:${port}/sms`, template: 'verify_code' }));
      const phone = freshPhone();
      const pending = send(visitorFrom(db), phone, 0);
      await reached;
      // PGlite has one connection: a transaction held across the gateway call would block both of these.
      expect(await db.db.select({ phone: smsCode.phone }).from(smsCode).where(eq(smsCode.phone, phone))).toEqual([{ phone }]);
      sms = installMemorySms();
      await expect(send(visitorFrom(db), freshPhone(), 0)).resolves.toEqual({ message: '验证码已发送' });
      for (const res of held) res.end('{}');
      await expect(pending).resolves.toEqual({ message: '验证码已发送' });
    } finally {
      gateway.close();
    }
  });

  it('rolls the send back when the SMS gateway fails, so the shopper can retry at once', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    useSmsProvider({
      name: 'down',
      send: async () => {
        throw new ServiceError('unavailable', '短信发送失败，请稍后再试');
      },
    });
    await expect(send(visitorFrom(db), phone, 0)).rejects.toMatchObject({ message: '短信发送失败，请稍后再试' });
    expect(await db.db.select().from(smsCode).where(eq(smsCode.phone, phone))).toEqual([]);
    sms = installMemorySms();
    await expect(send(visitorFrom(db), phone, 1)).resolves.toBeTruthy();
  });
});
