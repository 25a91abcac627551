import { describe, it, expect } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, codeFor, freshPhone, installMemorySms, visitorFrom } from '../../../../tests/helpers/auth.ts';
import type { Database } from '../../db/client.ts';
import { checkCode, newCode } from './verify-code.ts';

const sms = installMemorySms();

/** checkCode in its own transaction, committing its refusals like the services do. */
const check = (db: Database, phone: string, code: string, seconds: number, types: ('login' | 'register' | 'mobile')[] = ['login']) =>
  db.db.transaction((tx) => checkCode(tx as never, { phoneCode: '86', phone, types, code }, at(seconds)));

describe('SMS code checks', () => {
  it('draws 6 random digits with a fresh salt each time', () => {
    const a = newCode();
    const b = newCode();
    expect(a.code).toMatch(/^\d{6}$/);
    expect(a.salt).not.toBe(b.salt);
    expect(a.codeHash).not.toContain(a.code);
  });

  it('accept the right code once: a second use is refused', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const code = await codeFor(visitorFrom(db), sms, phone, 'login', at(0));
    expect(await check(db, phone, code, 10)).toBeNull();
    expect(await check(db, phone, code, 11)).toMatchObject({ status: 400, message: '验证码错误' });
  });

  it('are dead after 5 wrong tries, even for the right code', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const code = await codeFor(visitorFrom(db), sms, phone, 'login', at(0));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await check(db, phone, wrong, i))?.message).toBe('验证码错误');
    expect((await check(db, phone, wrong, 5))?.message).toBe('验证码错误次数过多，请重新获取');
    expect((await check(db, phone, code, 6))?.message).toBe('验证码错误次数过多，请重新获取');
  });

  it('forgive fewer than 5 wrong tries', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const code = await codeFor(visitorFrom(db), sms, phone, 'login', at(0));
    for (let i = 1; i <= 4; i++) await check(db, phone, '999999' === code ? '888888' : '999999', i);
    expect(await check(db, phone, code, 5)).toBeNull();
  });

  it('expire 5 minutes after sending', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const code = await codeFor(visitorFrom(db), sms, phone, 'login', at(0));
    expect((await check(db, phone, code, 300))?.message).toBe('验证码已过期，请重新获取');
    const again = await codeFor(visitorFrom(db), sms, phone, 'login', at(400));
    expect(await check(db, phone, again, 699)).toBeNull();
  });

  it('only count for their own type and phone', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const code = await codeFor(visitorFrom(db), sms, phone, 'login', at(0));
    expect((await check(db, phone, code, 1, ['register']))?.message).toBe('验证码错误');
    expect((await check(db, freshPhone(), code, 1))?.message).toBe('验证码错误');
    expect(await check(db, phone, code, 2, ['login', 'mobile'])).toBeNull();
  });

  it('are replaced by a newer code of the same kind', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const first = await codeFor(visitorFrom(db), sms, phone, 'login', at(0));
    const second = await codeFor(visitorFrom(db), sms, phone, 'mobile', at(61));
    if (first !== second) expect((await check(db, phone, first, 62))?.message).toBe('验证码错误');
    expect(await check(db, phone, second, 63, ['login', 'mobile'])).toBeNull();
  });
});
