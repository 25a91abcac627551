import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms } from '../../../../tests/helpers/auth.ts';
import { users } from '../../db/schema/index.ts';
import { findSessionUser } from '../session/sessions.ts';
import { changePhone } from './change-phone.ts';
import { sendCode } from '../auth/send-code.ts';

const sms = installMemorySms();

describe('changePhone (POST /api/user/change/phone)', () => {
  it('moves the account to a new phone proven by a code sent to it', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.2.2.2' };
    const phone = freshPhone();
    const sms_code = await codeFor(me, sms, phone, 'change_phone', at(0));
    expect(sms.messages.at(-1)).toMatchObject({ phone, type: 'change_phone' });
    const old = me.user.phone;
    expect(await changePhone(me, { phone_code: '86', phone, sms_code }, at(1))).toEqual({ message: '手机号修改成功' });
    expect((await db.db.select().from(users).where(eq(users.uid, 2)))[0]).toMatchObject({ phone, phoneCode: '86' });
    expect((await findSessionUser(db.db, me.token))?.phone).toBe(phone);
    // The old phone is told, with the new one masked: a session in the wrong hands cannot do it unnoticed.
    expect(sms.messages.at(-1)).toEqual({
      phone: old,
      phone_code: '86',
      type: 'phone_changed',
      text: `您的账号绑定手机号已改为 ${phone.slice(0, 3)}****${phone.slice(-4)}。如非本人操作，请立即联系商城客服。`,
    });
  });

  it("takes the reference's body without an area code as a mainland number, from the code's send to the change", async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.2.2.5' };
    const phone = freshPhone();
    await sendCode(me, { type: 'change_phone', phone }, at(0));
    expect(sms.messages.at(-1)).toMatchObject({ phone, phone_code: '86', type: 'change_phone' });
    const sms_code = sms.last(phone)!;
    expect(await changePhone(me, { phone, sms_code }, at(1))).toEqual({ message: '手机号修改成功' });
    expect((await db.db.select().from(users).where(eq(users.uid, 2)))[0]).toMatchObject({ phone, phoneCode: '86' });
    // A null or empty area code is the mainland too (the code is then checked); a wrong one is still refused.
    for (const phone_code of [null, '']) {
      await expect(changePhone(me, { phone_code, phone: freshPhone(), sms_code: '123456' }, at(2))).rejects.toMatchObject({
        message: '验证码错误',
      });
    }
    await expect(changePhone(me, { phone_code: 'x', phone: freshPhone(), sms_code: '123456' }, at(2))).rejects.toMatchObject({
      message: '请填写地区号',
    });
  });

  it('requires login', async () => {
    const db = await createTestDatabase();
    await expect(changePhone(visitorContext(db), { phone_code: '86', phone: freshPhone(), sms_code: '123456' })).rejects.toMatchObject({
      message: '请登录',
    });
  });

  it('refuses the current phone, a wrong code, and a phone someone registered meanwhile', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.2.2.3' };
    await expect(changePhone(me, { phone_code: '86', phone: '13900139000', sms_code: '123456' })).rejects.toMatchObject({
      message: '新手机号不能与当前手机号相同',
    });
    const phone = freshPhone();
    const sms_code = await codeFor(me, sms, phone, 'change_phone', at(0));
    await expect(
      changePhone(me, { phone_code: '86', phone, sms_code: sms_code === '111111' ? '222222' : '111111' }, at(1)),
    ).rejects.toMatchObject({ message: '验证码错误' });
    await db.db.insert(users).values({ phoneCode: '86', phone, nickname: '抢先' });
    await expect(changePhone(me, { phone_code: '86', phone, sms_code }, at(2))).rejects.toMatchObject({
      message: '该手机号已被其他账号使用',
    });
    expect((await db.db.select().from(users).where(eq(users.uid, 2)))[0]?.phone).toBe('13900139000');
  });

  it('refuses a code sent for another purpose', async () => {
    const db = await createTestDatabase();
    const me = { ...(await userContext(db, 2)), ip: '10.2.2.4' };
    const phone = freshPhone();
    const sms_code = await codeFor(me, sms, phone, 'login', at(0));
    await expect(changePhone(me, { phone_code: '86', phone, sms_code }, at(1))).rejects.toMatchObject({ message: '验证码错误' });
  });
});
