import { describe, it, expect } from 'vitest';
import { createTestDatabase, userContext } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { findSessionUser } from '../session/sessions.ts';
import { changePassword } from './change-password.ts';
import { passwordLogin } from './password-login.ts';
import { sendCode } from './send-code.ts';
import { getUser } from '../user/get-user.ts';

const sms = installMemorySms();
const reset = (phone: string, sms_code: string, pwd = 'newpass1', confirm_pwd = pwd) => ({
  phone_code: '86',
  phone,
  sms_code,
  pwd,
  confirm_pwd,
});

describe('changePassword (POST /api/user/change_pwd)', () => {
  it('lets a visitor reset a forgotten password and ends every session of the account', async () => {
    const db = await createTestDatabase();
    const other = await userContext(db, 2);
    const ctx = visitorFrom(db);
    const code = await codeFor(ctx, sms, '13900139000', 'change_pwd', at(0));
    expect(await changePassword(ctx, reset('13900139000', code), null, at(1))).toEqual({ message: '密码修改成功' });
    await expect(passwordLogin(ctx, { account: '8613900139000', password: 'mall123456' }, at(2))).rejects.toMatchObject({
      message: '账号或密码错误',
    });
    await expect(passwordLogin(ctx, { account: '8613900139000', password: 'newpass1' }, at(3))).resolves.toMatchObject({
      user: { uid: 2 },
    });
    expect(await findSessionUser(db.db, other.token)).toBeNull();
  });

  it("keeps the signed-in caller's own session but ends the others", async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 1)), ip: '10.1.1.1' };
    const laptop = await userContext(db, 1);
    const buyer = await userContext(db, 2);
    const code = await codeFor(me, sms, '13800138000', 'change_pwd', at(0));
    await changePassword(me, reset('13800138000', code), me.token, at(1));
    expect((await findSessionUser(db.db, me.token))?.uid).toBe(1);
    expect(await findSessionUser(db.db, laptop.token)).toBeNull();
    expect((await findSessionUser(db.db, buyer.token))?.uid).toBe(2);
  });

  it('takes the phone as GET /api/user masks it from its signed-in owner, without a confirmation (the reference user centre)', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 1)), ip: '10.1.1.2' };
    const masked = (await getUser(me)).phone;
    expect(masked).toBe('138****8000');
    await expect(sendCode(me, { phone: masked, type: 'change_pwd' }, at(0))).resolves.toEqual({ message: '验证码已发送' });
    const code = sms.last('13800138000')!;
    expect(await changePassword(me, { phone: masked, sms_code: code, pwd: 'masked123' } as never, me.token, at(1))).toEqual({
      message: '密码修改成功',
    });
    await expect(passwordLogin(me, { account: '13800138000', password: 'masked123' }, at(2))).resolves.toMatchObject({ user: { uid: 1 } });
    // Anyone else's mask, a visitor's, or a mask for another kind of code is a malformed phone.
    const other = { ...(await userContext(db, 2)), ip: '10.1.1.3' };
    const visitor = visitorFrom(db);
    for (const [who, type] of [
      [other, 'change_pwd'],
      [visitor, 'change_pwd'],
      [me, 'login'],
    ] as const) {
      await expect(sendCode(who, { phone: masked, type }, at(3)), `${type}`).rejects.toMatchObject({
        status: 400,
        message: '请输入正确的手机号码',
      });
    }
    await expect(changePassword(other, { phone: masked, sms_code: code, pwd: 'other1234' } as never, null, at(3))).rejects.toMatchObject({
      message: '请输入正确的手机号码',
    });
  });

  it('refuses mismatched passwords, weak passwords and wrong or reused codes', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const code = await codeFor(ctx, sms, '13800138000', 'change_pwd', at(0));
    await expect(changePassword(ctx, reset('13800138000', code, 'newpass1', 'newpass2'), null, at(1))).rejects.toMatchObject({
      message: '两次密码不一致',
    });
    await expect(changePassword(ctx, reset('13800138000', code, '12345678'), null, at(1))).rejects.toMatchObject({
      message: '请输入6-16位字母加数字组合',
    });
    await expect(changePassword(ctx, reset('13800138000', code === '123456' ? '654321' : '123456'), null, at(1))).rejects.toMatchObject({
      message: '验证码错误',
    });
    await changePassword(ctx, reset('13800138000', code), null, at(2));
    await expect(changePassword(ctx, reset('13800138000', code, 'other123'), null, at(3))).rejects.toMatchObject({ message: '验证码错误' });
  });

  it('fails like a wrong code for a phone without an account (no code was ever sent)', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    const phone = freshPhone();
    await expect(sendCode(ctx, { phone_code: '86', phone, type: 'change_pwd' }, at(0))).resolves.toEqual({ message: '验证码已发送' });
    expect(sms.last(phone)).toBeUndefined();
    for (const guess of ['000000', '123456']) {
      await expect(changePassword(ctx, reset(phone, guess), null, at(1))).rejects.toMatchObject({ message: '验证码错误' });
    }
  });
});
