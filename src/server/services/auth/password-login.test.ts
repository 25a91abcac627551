import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, solvedCaptcha, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { users } from '../../db/schema/index.ts';
import { findSessionUser } from '../session/sessions.ts';
import { passwordLogin } from './password-login.ts';
import { hashPassword } from '../../auth/password.ts';

const login = (
  ctx: Parameters<typeof passwordLogin>[0],
  account: string,
  password: string,
  seconds = 0,
  extra: Record<string, string> = {},
) => passwordLogin(ctx, { account, password, ...extra }, at(seconds));

describe('passwordLogin (POST /api/auth/login)', () => {
  it('signs in with area code + phone and gives a 7-day token and the masked user', async () => {
    const db = await createTestDatabase();
    const s = await login(visitorFrom(db), '8613800138000', 'mall123456');
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.expires_time).toBe(Math.floor(at(0).getTime() / 1000) + 604800);
    expect(s.user).toEqual({
      uid: 1,
      nickname: '会员小米',
      avatar: '/images/avatar-1.svg',
      phone: '138****8000',
      phone_code: '86',
      is_open_member: 1,
      is_money_level: 1,
      scope: 'user',
    });
    expect((await findSessionUser(db.db, s.token, at(1)))?.uid).toBe(1);
  });

  it('ends the session 7 days later', async () => {
    const db = await createTestDatabase();
    const s = await login(visitorFrom(db), '8613800138000', 'mall123456');
    expect((await findSessionUser(db.db, s.token, at(604799)))?.uid).toBe(1);
    expect(await findSessionUser(db.db, s.token, at(604800))).toBeNull();
  });

  it.each([
    ['8613800138000', undefined],
    ['+8613800138000', undefined],
    ['8613800138000', '86'],
    ['13800138000', '86'],
    ['12025550123', undefined],
    ['2025550123', '1'],
  ])('finds the account from %s with phone_code %s', async (account, phone_code) => {
    const db = await createTestDatabase();
    const extra: Record<string, string> = phone_code ? { phone_code } : {};
    const s = await login(visitorFrom(db), account, 'mall123456', 0, extra);
    expect(s.user.uid).toBe(account.endsWith('0123') ? 3 : 1);
  });

  it('takes the account sent as a JSON number (its digits)', async () => {
    const db = await createTestDatabase();
    expect((await passwordLogin(visitorFrom(db), { account: 8613800138000, password: 'mall123456' }, at(0))).user.uid).toBe(1);
    expect((await passwordLogin(visitorFrom(db), { account: 13800138000, password: 'mall123456', phone_code: 86 }, at(0))).user.uid).toBe(
      1,
    );
    await expect(passwordLogin(visitorFrom(db), { account: 1.5, password: 'mall123456' }, at(0))).rejects.toMatchObject({
      status: 400,
      message: '请输入正确的手机号码',
    });
  });

  it('reads a mainland mobile number typed without an area code as +86, never as +1', async () => {
    const db = await createTestDatabase();
    await db.db.insert(users).values({ phoneCode: '1', phone: '3800138000', nickname: 'us', pwdHash: await hashPassword('mall123456') });
    expect((await login(visitorFrom(db), '13800138000', 'mall123456')).user.uid).toBe(1);
    // A leading + says the digits start with the calling code.
    expect((await login(visitorFrom(db), '+13800138000', 'mall123456')).user.phone_code).toBe('1');
  });

  it('signs in to no account when a bare number matches accounts of two countries', async () => {
    const db = await createTestDatabase();
    const pwdHash = await hashPassword('mall123456');
    await db.db.insert(users).values([
      { phoneCode: '1', phone: '2425551234', nickname: 'us', pwdHash },
      { phoneCode: '1242', phone: '5551234', nickname: 'bs', pwdHash },
    ]);
    await expect(login(visitorFrom(db), '12425551234', 'mall123456')).rejects.toMatchObject({ status: 400, message: '账号或密码错误' });
    expect((await login(visitorFrom(db), '5551234', 'mall123456', 0, { phone_code: '1242' })).user.nickname).toBe('bs');
    expect((await login(visitorFrom(db), '2425551234', 'mall123456', 0, { phone_code: '1' })).user.nickname).toBe('us');
  });

  it('answers 账号或密码错误 alike for a wrong password and an unknown account', async () => {
    const db = await createTestDatabase();
    await expect(login(visitorFrom(db), '8613800138000', 'wrong123')).rejects.toMatchObject({ status: 400, message: '账号或密码错误' });
    await expect(login(visitorFrom(db), '8613711112222', 'mall123456')).rejects.toMatchObject({ status: 400, message: '账号或密码错误' });
    await expect(login(visitorFrom(db), '999', 'mall123456')).rejects.toMatchObject({ status: 400, message: '请输入正确的手机号码' });
  });

  it('refuses an account that only signs in by SMS (no password)', async () => {
    const db = await createTestDatabase();
    await db.db.insert(users).values({ phoneCode: '86', phone: '13711112222', nickname: 'x' });
    await expect(login(visitorFrom(db), '8613711112222', '')).rejects.toMatchObject({ message: '请填写密码' });
    await expect(login(visitorFrom(db), '8613711112222', 'anything1')).rejects.toMatchObject({ message: '账号或密码错误' });
  });

  it('demands the image captcha after 5 failures for an account within 15 minutes', async () => {
    const db = await createTestDatabase();
    for (let i = 1; i <= 4; i++) {
      const err = await login(visitorFrom(db), '8613800138000', 'bad1', i).catch((e) => e);
      expect(err.data).toBeUndefined();
    }
    // The 5th failure tells the dialog to show the captcha from now on.
    await expect(login(visitorFrom(db), '8613800138000', 'bad1', 5)).rejects.toMatchObject({
      message: '账号或密码错误',
      data: { need_captcha: true },
    });
    await expect(login(visitorFrom(db), '8613800138000', 'mall123456', 6)).rejects.toMatchObject({
      message: '请输入图形验证码',
      data: { need_captcha: true },
    });
    const ctx = visitorFrom(db);
    await expect(login(ctx, '8613800138000', 'mall123456', 7, { key: (await solvedCaptcha(ctx)).key, code: 'zzzz' })).rejects.toMatchObject(
      { message: '图形验证码错误' },
    );
    await expect(login(ctx, '8613800138000', 'mall123456', 8, await solvedCaptcha(ctx, at(8)))).resolves.toMatchObject({
      user: { uid: 1 },
    });
    // A success forgets the failures.
    await expect(login(visitorFrom(db), '8613800138000', 'mall123456', 9)).resolves.toBeTruthy();
  });

  it('no longer demands it once the failures are 15 minutes old', async () => {
    const db = await createTestDatabase();
    for (let i = 0; i < 5; i++) await login(visitorFrom(db), '8613900139000', 'bad1', i).catch(() => null);
    await expect(login(visitorFrom(db), '8613900139000', 'mall123456', 100)).rejects.toMatchObject({ message: '请输入图形验证码' });
    await expect(login(visitorFrom(db), '8613900139000', 'mall123456', 905)).resolves.toMatchObject({ user: { uid: 2 } });
  });

  it('demands it after 20 failures from one address, whatever the accounts', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    for (let i = 0; i < 20; i++) await login(ctx, `86137000000${String(i).padStart(2, '0')}`, 'bad1', i).catch(() => null);
    await expect(login(ctx, '8613800138000', 'mall123456', 30)).rejects.toMatchObject({ message: '请输入图形验证码' });
    await expect(login(visitorFrom(db), '8613800138000', 'mall123456', 30)).resolves.toBeTruthy();
  });

  it('refuses a disabled account once the password is right', async () => {
    const db = await createTestDatabase();
    await db.db.update(users).set({ status: false }).where(eq(users.uid, 2));
    await expect(login(visitorFrom(db), '8613900139000', 'mall123456')).rejects.toMatchObject({ message: '账号已被禁用' });
  });
});
