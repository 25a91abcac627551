import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { couponUser } from '../../db/schema/index.ts';
import { claimCoupon } from './claim-coupon.ts';
import { listUserCoupons } from './list-user-coupons.ts';

beforeAll(async () => {
  await createTestDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;

describe('my coupons (GET /api/coupon/list)', () => {
  it('needs a signed-in shopper and a known statusTag', async () => {
    const db = await createTestDatabase();
    await expect(listUserCoupons(visitorContext(db), {})).rejects.toMatchObject({ message: '请登录' });
    const me = await newShopper(db);
    await expect(listUserCoupons(me, { statusTag: 3 })).rejects.toMatchObject({ status: 400, message: '优惠券状态不正确' });
    await expect(listUserCoupons(me, { limit: 'x' })).rejects.toMatchObject({ status: 400 });
  });

  it('reads not started, usable, used and expired-by-time, and files them under the right tab', async () => {
    const db = await createTestDatabase();
    const [me, other] = [await newShopper(db), await newShopper(db)];
    const at = Date.now();
    const usable = (await claimCoupon(me, { id: 1 })).coupon_user_id; // 7 days from now
    const pending = (await claimCoupon(me, { id: 5 })).coupon_user_id;
    const used = (await claimCoupon(me, { id: 7 })).coupon_user_id;
    const lapsed = (await claimCoupon(me, { id: 8 })).coupon_user_id;
    await claimCoupon(other, { id: 1 });
    const set = (id: number, v: Partial<typeof couponUser.$inferInsert>) =>
      db.db.update(couponUser).set(v).where(eq(couponUser.couponUserId, id));
    await set(pending, { startTime: new Date(at + 2 * DAY), endTime: new Date(at + 9 * DAY) });
    await set(used, { status: 1, useTime: new Date(at - DAY) });
    // The row still says 0: past its end it reads expired all the same.
    await set(lapsed, { startTime: new Date(at - 10 * DAY), endTime: new Date(at - DAY) });

    const open = await listUserCoupons(me, { statusTag: 1, limit: 999 });
    expect(open.count).toBe(2);
    const byId = new Map(open.list.map((c) => [c.coupon_user_id, c]));
    expect(byId.get(usable)).toMatchObject({
      status: 0,
      is_start: 1,
      expiring: 0,
      coupon_id: 1,
      coupon: { type: 10, type_label: '通用券' },
    });
    expect(byId.get(pending)).toMatchObject({ status: 0, is_start: 0, expiring: 0 });
    expect(byId.get(usable)!.coupon_price).toMatch(/^\d+\.\d{2}$/);

    const closed = await listUserCoupons(me, { statusTag: 0 });
    expect(new Map(closed.list.map((c) => [c.coupon_user_id, c.status]))).toEqual(
      new Map([
        [used, 1],
        [lapsed, 2],
      ]),
    );
    expect(open.list.concat(closed.list).every((c) => c.uid === me.user.uid)).toBe(true);
  });

  it('moves a coupon from usable to expired as time passes, flagging it in its last three days', async () => {
    const db = await createTestDatabase();
    const me = await newShopper(db);
    const id = (await claimCoupon(me, { id: 1 })).coupon_user_id; // valid 7 days
    const soon = () => listUserCoupons(me, { statusTag: 1 }).then((r) => r.list.find((c) => c.coupon_user_id === id));
    expect(await soon()).toMatchObject({ status: 0, expiring: 0 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * DAY);
    expect(await soon()).toMatchObject({ status: 0, expiring: 1 });
    vi.setSystemTime(Date.now() + 3 * DAY);
    expect(await soon()).toBeUndefined();
    expect((await listUserCoupons(me, { statusTag: 0 })).list).toMatchObject([{ coupon_user_id: id, status: 2, expiring: 0 }]);
  });

  it('answers limit=999 with every coupon, and names the shop of a shop coupon', async () => {
    const db = await createTestDatabase();
    const me = await newShopper(db);
    const ids = [1, 2, 5, 7, 8, 12, 13];
    for (const id of ids) await claimCoupon(me, { id });
    const all = await listUserCoupons(me, { statusTag: 1, limit: 999 });
    expect(all.list).toHaveLength(ids.length);
    expect(all.list.find((c) => c.coupon_id === 12)).toMatchObject({
      mer_id: 2,
      coupon: { type: 0, type_label: '店铺券' },
      merchant: { mer_id: 2 },
    });
    expect(all.list.find((c) => c.coupon_id === 1)!.merchant).toBeNull();
    expect((await listUserCoupons(me, { statusTag: 1, limit: 3, page: 3 })).list).toHaveLength(1);
  });
});
