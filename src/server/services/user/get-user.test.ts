import { describe, it, expect } from 'vitest';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { getUser, maskPhone } from './get-user.ts';

describe('getUser (GET /api/user)', () => {
  it('shows the member with a masked phone and both member flags', async () => {
    const db = await createTestDatabase();
    // The demo history (seed/history.ts) left the balance at ¥500.00 and added points for a received order.
    const member = await getUser(await userContext(db, 1));
    expect(member.integral).toBeGreaterThanOrEqual(2000);
    expect(member).toEqual({
      uid: 1,
      nickname: '会员小米',
      avatar: '/images/avatar-1.svg',
      phone: '138****8000',
      phone_code: '86',
      is_open_member: 1,
      is_money_level: 1,
      scope: 'user',
      now_money: '500.00',
      integral: member.integral,
      total_recharge: member.total_recharge,
      total_consume: member.total_consume,
      is_svip: 0,
    });
  });

  it('shows an ordinary buyer without the member crown flags', async () => {
    const db = await createTestDatabase();
    expect(await getUser(await userContext(db, 2))).toMatchObject({
      now_money: '0.00',
      integral: 0,
      nickname: '普通买家',
      phone: '139****9000',
      is_open_member: 0,
      is_money_level: 0,
    });
  });

  it('masks a non-Chinese number too', async () => {
    const db = await createTestDatabase();
    const u = await getUser(await userContext(db, 3));
    expect(u).toMatchObject({ nickname: 'Alice', phone_code: '1', is_open_member: 1, is_money_level: 0 });
    expect(u.phone).toBe('20****23');
  });

  it('never hands out the full phone or the password hash', async () => {
    const db = await createTestDatabase();
    const body = JSON.stringify(await getUser(await userContext(db, 1)));
    expect(body).not.toContain('13800138000');
    expect(body).not.toMatch(/pwd|password|hash|scrypt/i);
  });

  it('refuses a visitor with status 400 请登录', async () => {
    const db = await createTestDatabase();
    await expect(getUser(visitorContext(db))).rejects.toMatchObject({ status: 400, message: '请登录' });
  });
});

describe('maskPhone', () => {
  it('keeps the first three and last four digits of a mobile number', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });

  it('keeps at most a third of a shorter number visible', () => {
    expect(maskPhone('91234567')).toBe('91****67'); // Hong Kong / Singapore length
    expect(maskPhone('1234567')).toBe('12****67');
    expect(maskPhone('123456')).toBe('1****6');
    expect(maskPhone('12')).toBe('****');
    expect(maskPhone('')).toBe('');
  });
});
