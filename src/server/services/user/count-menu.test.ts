import { describe, expect, it } from 'vitest';
import { couponUser, systemConfig } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { countUserMenu, switchedOffUserPages } from './count-menu.ts';
import { loadUserBalance } from '../../../loaders/user-wallet.ts';

const day = 86_400_000;

describe('countUserMenu (the /user left menu figures)', () => {
  it('counts only the coupons usable now, and only the shopper’s own', async () => {
    const d = await createTestDatabase();
    const me = await newShopper(d);
    const other = await newShopper(d);
    const at = new Date('2026-11-25T12:00:00Z');
    const row = (uid: number, status: number, start: number, end: number) => ({
      uid,
      couponId: 1,
      couponTitle: '满100减10',
      couponPrice: 1000,
      useMinPrice: 10000,
      status,
      startTime: new Date(at.getTime() + start * day),
      endTime: new Date(at.getTime() + end * day),
    });
    await d.db.insert(couponUser).values([
      row(me.user.uid, 0, -1, 5), // usable
      row(me.user.uid, 0, -10, 2), // usable, ends soon
      row(me.user.uid, 1, -1, 5), // used
      row(me.user.uid, 0, -10, -1), // expired by time
      row(me.user.uid, 0, 1, 5), // not started
      row(other.user.uid, 0, -1, 5),
    ]);
    expect(await countUserMenu(me, at)).toEqual({ unpaid_orders: 0, usable_coupons: 2 });
  });

  it('leaves out the balance and points pages the operator switched off; the balance page is then a 404', async () => {
    const d = await createTestDatabase();
    const me = await newShopper(d);
    const balancePage = () => loadUserBalance({ locals: { ctx: me } as never, url: new URL('http://mall.test/user/balance') });
    expect(await switchedOffUserPages(d)).toEqual([]);
    expect(await balancePage()).toMatchObject({ ok: true });
    await d.db
      .insert(systemConfig)
      .values({ key: 'balance_func_status', value: 0 })
      .onConflictDoUpdate({ target: systemConfig.key, set: { value: 0 } });
    await d.db
      .insert(systemConfig)
      .values({ key: 'integral_status', value: '0' })
      .onConflictDoUpdate({ target: systemConfig.key, set: { value: '0' } });
    expect(await switchedOffUserPages(d)).toEqual(['/user/balance', '/user/integral']);
    expect(await balancePage()).toEqual({ ok: false, status: 404, message: '' });
  });
});
