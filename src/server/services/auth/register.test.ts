import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { users, userSession } from '../../db/schema/index.ts';
import { verifyPassword } from '../../auth/password.ts';
import { register } from './register.ts';
import { sendCode } from './send-code.ts';
import { passwordLogin } from './password-login.ts';
import { smsLogin } from './sms-login.ts';
import { changePassword } from './change-password.ts';

const sms = installMemorySms();

describe('register (POST /api/auth/register)', () => {
  it('creates the account with a default nickname and avatar, a hashed password and no session', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, phone, 'register', at(0));
    const r = await register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(10));
    expect(r.message).toBe('注册成功');
    const [row] = await db.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({
      uid: r.uid,
      phoneCode: '86',
      nickname: `用户${phone.slice(-4)}`,
      avatar: '/images/avatar-2.svg',
      status: true,
      scope: 'user',
    });
    expect(row!.pwdHash).not.toContain('abc123');
    expect(await verifyPassword('abc123', row!.pwdHash)).toBe(true);
    expect(await db.db.select().from(userSession).where(eq(userSession.uid, r.uid))).toEqual([]);
    // ...and the new shopper can sign in with it.
    await expect(passwordLogin(ctx, { account: `86${phone}`, password: 'abc123' }, at(20))).resolves.toMatchObject({
      user: { uid: r.uid },
    });
  });

  it('takes a body without an area code (a reference client sends none) as the mainland: register, code login, reset', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, phone, 'register', at(0));
    const { uid } = await register(ctx, { phone, sms_code, pwd: 'abc123' }, at(1));
    expect((await db.db.select().from(users).where(eq(users.uid, uid)))[0]?.phoneCode).toBe('86');
    const login = await codeFor(ctx, sms, phone, 'login', at(2));
    await expect(smsLogin(ctx, { phone, sms_code: login, phone_code: '' }, at(3))).resolves.toMatchObject({ user: { uid } });
    const reset = await codeFor(ctx, sms, phone, 'change_pwd', at(4));
    await changePassword(ctx, { phone, sms_code: reset, pwd: 'def456', confirm_pwd: 'def456' }, null, at(5));
    await expect(passwordLogin(ctx, { account: phone, password: 'def456' }, at(6))).resolves.toMatchObject({ user: { uid } });
  });

  it('takes a login code too: the reference client registers with one (it has no register type)', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, phone, 'login', at(0));
    const { uid } = await register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(1));
    await expect(passwordLogin(ctx, { account: phone, password: 'abc123' }, at(2))).resolves.toMatchObject({ user: { uid } });
    // Used up by the registration.
    await expect(smsLogin(ctx, { phone_code: '86', phone, sms_code }, at(3))).rejects.toMatchObject({ message: '验证码错误' });
  });

  it('works for other countries too', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, '91234567', 'register', at(0), '852');
    await register(ctx, { phone_code: '+852', phone: '91234567', sms_code, pwd: 'hk2026ok' }, at(1));
    expect((await db.db.select().from(users).where(eq(users.phone, '91234567')))[0]?.phoneCode).toBe('852');
  });

  it('refuses a wrong code, and a code used once', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, phone, 'register', at(0));
    await expect(
      register(ctx, { phone_code: '86', phone, sms_code: sms_code === '123456' ? '654321' : '123456', pwd: 'abc123' }, at(1)),
    ).rejects.toMatchObject({ status: 400, message: '验证码错误' });
    await register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(2));
    await expect(register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(3))).rejects.toMatchObject({
      message: '验证码错误',
    });
  });

  it('refuses a phone registered after its code was sent with a code answer, using the code up', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const phone = freshPhone();
    const sms_code = await codeFor(ctx, sms, phone, 'register', at(0));
    // Someone registers the phone between the send and the submit.
    await db.db.insert(users).values({ phoneCode: '86', phone, nickname: '先来的' });
    await expect(register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(1))).rejects.toMatchObject({
      status: 400,
      message: '验证码已失效，请重新获取',
    });
    await expect(register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(2))).rejects.toMatchObject({
      message: '验证码错误',
    });
    expect((await db.db.select().from(users).where(eq(users.phone, phone)))[0]?.nickname).toBe('先来的');
  });

  it('answers a registered phone exactly as a new phone with a wrong code: wrong, too many tries, expired', async () => {
    const db = await createTestDatabase();
    const answers = async (phone: string) => {
      const ctx = visitorFrom(db);
      const say = (p: Promise<{ message: string }>) =>
        p.then(
          (r) => r.message,
          (e: { status: number; message: string }) => `${e.status} ${e.message}`,
        );
      const out = [await say(sendCode(ctx, { phone_code: '86', phone, type: 'register' }, at(0)))];
      const sent = sms.last(phone);
      const wrong = sent === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 6; i++) out.push(await say(register(ctx, { phone_code: '86', phone, sms_code: wrong, pwd: 'abc123' }, at(i))));
      out.push(await say(sendCode(ctx, { phone_code: '86', phone, type: 'register' }, at(60))));
      out.push(await say(register(ctx, { phone_code: '86', phone, sms_code: wrong, pwd: 'abc123' }, at(60 + 300))));
      return out;
    };
    const registered = await answers('13800138000');
    const before = await db.db.select().from(users).where(eq(users.phone, '13800138000'));
    expect(registered).toEqual(await answers(freshPhone()));
    expect(registered).toEqual([
      '验证码已发送',
      '400 验证码错误',
      '400 验证码错误',
      '400 验证码错误',
      '400 验证码错误',
      '400 验证码错误次数过多，请重新获取',
      '400 验证码错误次数过多，请重新获取',
      '验证码已发送',
      '400 验证码已过期，请重新获取',
    ]);
    // The owner got notices, never a code.
    expect(sms.messages.filter((m) => m.phone === '13800138000').every((m) => m.type === 'register_notice')).toBe(true);
    expect(await db.db.select().from(users).where(eq(users.phone, '13800138000'))).toEqual(before);
  });

  it.each([
    [{ pwd: '123456' }, '请输入6-16位字母加数字组合'],
    [{ pwd: 'abcdef' }, '请输入6-16位字母加数字组合'],
    [{ pwd: 'a1' }, '请输入6-16位字母加数字组合'],
    // Letters and digits only (spec section 5).
    [{ pwd: 'abc123!' }, '请输入6-16位字母加数字组合'],
    [{ pwd: '' }, '请输入密码'],
    [{ sms_code: '' }, '请输入验证码'],
    [{ phone: '' }, '请输入手机号码'],
    [{ phone_code: 'x1' }, '请填写地区号'],
  ])('validates %j with %s', async (patch, message) => {
    const db = await createTestDatabase();
    await expect(
      register(visitorFrom(db), { phone_code: '86', phone: freshPhone(), sms_code: '123456', pwd: 'abc123', ...patch }, at(0)),
    ).rejects.toMatchObject({ status: 400, message });
  });
});
