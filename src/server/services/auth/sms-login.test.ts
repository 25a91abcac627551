import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { users } from '../../db/schema/index.ts';
import { findSessionUser } from '../session/sessions.ts';
import { smsLogin } from './sms-login.ts';

const sms = installMemorySms();
const other = (code: string) => (code === '123456' ? '654321' : '123456');

describe('smsLogin (POST /api/auth/smslogin)', () => {
  it('signs an existing shopper in with a login code', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, '13900139000', 'login', at(0));
    const s = await smsLogin(ctx, { phone_code: '86', phone: '13900139000', sms_code }, at(5));
    expect(s.user).toMatchObject({ uid: 2, nickname: '普通买家', phone: '139****9000' });
    expect((await findSessionUser(db.db, s.token, at(6)))?.uid).toBe(2);
  });

  it('registers an unknown phone (quick login) with the default nickname and no password', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const phone = freshPhone();
    const s = await smsLogin(ctx, { phone_code: '86', phone, sms_code: await codeFor(ctx, sms, phone, 'login', at(0)) }, at(1));
    expect(s.user).toMatchObject({ nickname: `用户${phone.slice(-4)}`, avatar: '/images/avatar-2.svg', is_open_member: 0 });
    const [row] = await db.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({ uid: s.user.uid, pwdHash: null });
  });

  it('takes the header variant (mobile) code too', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const sms_code = await codeFor(ctx, sms, '13800138000', 'mobile', at(0));
    await expect(smsLogin(ctx, { phone_code: '86', phone: '13800138000', sms_code }, at(1))).resolves.toMatchObject({ user: { uid: 1 } });
  });

  it('answers 验证码错误 for every failure: wrong, reused, expired, wrong type, malformed, disabled', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const fail = { status: 400, message: '验证码错误' };
    const code = await codeFor(ctx, sms, '13800138000', 'login', at(0));
    await expect(smsLogin(ctx, { phone_code: '86', phone: '13800138000', sms_code: other(code) }, at(1))).rejects.toMatchObject(fail);
    await smsLogin(ctx, { phone_code: '86', phone: '13800138000', sms_code: code }, at(2));
    await expect(smsLogin(ctx, { phone_code: '86', phone: '13800138000', sms_code: code }, at(3))).rejects.toMatchObject(fail);
    const late = await codeFor(ctx, sms, '13800138000', 'login', at(100));
    await expect(smsLogin(ctx, { phone_code: '86', phone: '13800138000', sms_code: late }, at(400))).rejects.toMatchObject(fail);
    const reset = await codeFor(ctx, sms, '13800138000', 'change_pwd', at(500));
    await expect(smsLogin(ctx, { phone_code: '86', phone: '13800138000', sms_code: reset }, at(501))).rejects.toMatchObject(fail);
    await expect(smsLogin(ctx, { phone_code: '', phone: '', sms_code: '' }, at(502))).rejects.toMatchObject(fail);
    await expect(smsLogin(ctx, null as never, at(502))).rejects.toMatchObject(fail);
    await db.db.update(users).set({ status: false }).where(eq(users.uid, 2));
    const banned = await codeFor(ctx, sms, '13900139000', 'login', at(600));
    await expect(smsLogin(ctx, { phone_code: '86', phone: '13900139000', sms_code: banned }, at(601))).rejects.toMatchObject(fail);
  });

  it('kills the code after 5 wrong tries', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const phone = freshPhone();
    const code = await codeFor(ctx, sms, phone, 'login', at(0));
    for (let i = 1; i <= 5; i++) await smsLogin(ctx, { phone_code: '86', phone, sms_code: other(code) }, at(i)).catch(() => null);
    await expect(smsLogin(ctx, { phone_code: '86', phone, sms_code: code }, at(6))).rejects.toMatchObject({ message: '验证码错误' });
    expect(await db.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);
  });
});
