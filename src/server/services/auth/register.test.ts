import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { users, userSession } from '../../db/schema/index.ts';
import { verifyPassword } from '../../auth/password.ts';
import { register } from './register.ts';
import { passwordLogin } from './password-login.ts';

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

  it('refuses a login code', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, phone, 'login', at(0));
    await expect(register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(1))).rejects.toMatchObject({
      message: '验证码错误',
    });
  });

  it('says a registered phone is registered, and leaves that account alone', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const phone = freshPhone();
    const sms_code = await codeFor(ctx, sms, phone, 'register', at(0));
    // Someone registers the phone between the send and the submit.
    await db.db.insert(users).values({ phoneCode: '86', phone, nickname: '先来的' });
    await expect(register(ctx, { phone_code: '86', phone, sms_code, pwd: 'abc123' }, at(1))).rejects.toMatchObject({
      status: 400,
      message: '该手机号已注册',
    });
    expect((await db.db.select().from(users).where(eq(users.phone, phone)))[0]?.nickname).toBe('先来的');
  });

  it.each([
    [{ pwd: '123456' }, '请输入6-16位字母加数字组合'],
    [{ pwd: 'abcdef' }, '请输入6-16位字母加数字组合'],
    [{ pwd: 'a1' }, '请输入6-16位字母加数字组合'],
    [{ pwd: '' }, '请输入密码'],
    [{ sms_code: '' }, '请输入验证码'],
    [{ phone: '' }, '请输入手机号码'],
    [{ phone_code: '' }, '请填写地区号'],
  ])('validates %j with %s', async (patch, message) => {
    const db = await createTestDatabase();
    await expect(
      register(visitorFrom(db), { phone_code: '86', phone: freshPhone(), sms_code: '123456', pwd: 'abc123', ...patch }, at(0)),
    ).rejects.toMatchObject({ status: 400, message });
  });
});
