import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { getCoupon } from './get-coupon.ts';
import { claimCoupon } from './claim-coupon.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('getCoupon', () => {
  it('gives the header of a coupon with its validity and the visitor state', async () => {
    const c = await getCoupon(visitorContext(db), { id: '1' });
    expect(c).toMatchObject({
      coupon_id: 1,
      title: '平台通用券',
      coupon_price: '20.00',
      use_min_price: '199.00',
      coupon_type: 0,
      coupon_time: 7,
      issue: false,
      can_claim: true,
      claimable: true,
    });
  });

  it('marks a claimed coupon and one outside its claim window', async () => {
    const user = await userContext(db, 1);
    await claimCoupon(user, { id: 2 });
    expect(await getCoupon(user, { id: 2 })).toMatchObject({ issue: true, can_claim: false, claimable: true });
    expect(await getCoupon(user, { id: 9 })).toMatchObject({ claimable: false });
  });

  it('refuses a bad id with 400 and an unknown one with 404', async () => {
    await expect(getCoupon(visitorContext(db), { id: 'x' })).rejects.toMatchObject({ status: 400, message: '优惠券格式不正确' });
    await expect(getCoupon(visitorContext(db), { id: 99999 })).rejects.toMatchObject({ status: 404, message: '优惠券不存在或已下架' });
  });
});
