import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import { coupon, couponProduct, couponUser } from '../../db/schema/index.ts';
import { listCouponProducts } from './list-coupon-products.ts';
import { claimCoupon } from './claim-coupon.ts';
import { formatDateTime } from '../dates.ts';

// Build the worker's seeded template under the hook timeout, not inside the first test's.
beforeAll(async () => {
  await createTestDatabase();
});

describe('claimCoupon', () => {
  it('needs a signed-in shopper', async () => {
    const db = await createTestDatabase();
    await expect(claimCoupon(visitorContext(db), { id: 1 })).rejects.toMatchObject({ status: 400, message: '请登录' });
  });

  it('claims once, gives the validity window and takes one from the stock', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const before = (await db.db.select().from(coupon).where(eq(coupon.couponId, 1)))[0]!;
    const claimed = await claimCoupon(user, { id: 1 }); // N-day coupon (7 days)
    expect(claimed).toMatchObject({ coupon_id: 1, start_time: expect.any(String), end_time: expect.any(String) });
    const row = (await db.db.select().from(couponUser).where(eq(couponUser.couponUserId, claimed.coupon_user_id)))[0]!;
    expect(row.endTime.getTime() - row.startTime.getTime()).toBe(7 * 86400_000);
    expect(row).toMatchObject({ uid: 2, status: 0, couponPrice: 2000, useMinPrice: 19900 });
    expect((await db.db.select().from(coupon).where(eq(coupon.couponId, 1)))[0]!.remainCount).toBe(before.remainCount - 1);
    await expect(claimCoupon(user, { id: 1 })).rejects.toMatchObject({ status: 400, message: '您已领取过该优惠券' });
    expect((await db.db.select().from(coupon).where(eq(coupon.couponId, 1)))[0]!.remainCount).toBe(before.remainCount - 1);
  });

  it('gives a fixed-range coupon its own dates and leaves an unlimited stock alone', async () => {
    const db = await createTestDatabase();
    const claimed = await claimCoupon(await userContext(db, 2), { id: 2 });
    // The coupon's range (a month before the mall was seeded to a year after), not days from the claim.
    const [row] = await db.db.select().from(coupon).where(eq(coupon.couponId, 2));
    expect(claimed.start_time).toBe(formatDateTime(row!.useStartTime));
    expect(claimed.end_time).toBe(formatDateTime(row!.useEndTime));
    expect(Date.parse(claimed.end_time!.replace(' ', 'T')) - Date.parse(claimed.start_time!.replace(' ', 'T'))).toBe(395 * 86_400_000);
    expect((await db.db.select().from(coupon).where(eq(coupon.couponId, 2)))[0]!.remainCount).toBe(0);
  });

  it('lets a shopper claim up to the per-user limit', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 3);
    const more = [];
    for (let i = 0; i < 3; i++) more.push((await claimCoupon(user, { id: 6 })).can_claim_more); // limit 3
    expect(more).toEqual([true, true, false]);
    await expect(claimCoupon(user, { id: 6 })).rejects.toMatchObject({ status: 400, message: '每人限领3张，您已领完' });
    const mine = await db.db
      .select()
      .from(couponUser)
      .where(and(eq(couponUser.uid, 3), eq(couponUser.couponId, 6)));
    expect(mine).toHaveLength(3);
  });

  it('never oversells the last coupon to two parallel claims', async () => {
    const db = await createTestDatabase();
    await db.db.update(coupon).set({ remainCount: 1 }).where(eq(coupon.couponId, 3));
    const [a, b] = [await userContext(db, 1), await userContext(db, 2)];
    const results = await Promise.allSettled([claimCoupon(a, { id: 3 }), claimCoupon(b, { id: 3 })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ status: 400, message: '优惠券已被领完' });
    expect((await db.db.select().from(coupon).where(eq(coupon.couponId, 3)))[0]!.remainCount).toBe(0);
    expect(await db.db.select().from(couponUser).where(eq(couponUser.couponId, 3))).toHaveLength(1);
  });

  it('takes the coupon marker off its products as soon as the last one is claimed', async () => {
    const db = await createTestDatabase();
    const ctx = visitorContext(db);
    // A product of a product coupon; every other coupon that could mark it (its shop's, other product ones) is off.
    const [link] = await db.db
      .select({ couponId: couponProduct.couponId, productId: couponProduct.productId, merId: coupon.merId })
      .from(couponProduct)
      .innerJoin(coupon, eq(coupon.couponId, couponProduct.couponId))
      .where(eq(coupon.type, 1))
      .limit(1);
    const found = link!;
    const others = await db.db
      .select({ id: couponProduct.couponId })
      .from(couponProduct)
      .where(eq(couponProduct.productId, found.productId));
    for (const o of others) if (o.id !== found.couponId) await db.db.update(coupon).set({ status: false }).where(eq(coupon.couponId, o.id));
    await db.db
      .update(coupon)
      .set({ status: false })
      .where(and(eq(coupon.merId, found.merId), eq(coupon.type, 0)));
    await db.db
      .update(coupon)
      .set({ status: true, isLimited: true, remainCount: 5, userLimit: 5 })
      .where(eq(coupon.couponId, found.couponId));
    const marker = async () =>
      (await listCouponProducts(ctx, { coupon_id: found.couponId, limit: 50 })).list.find((p) => p.product_id === found.productId)
        ?.issetCoupon;
    expect(await marker()).toBe(true);
    await db.db.update(coupon).set({ remainCount: 1 }).where(eq(coupon.couponId, found.couponId));
    await claimCoupon(await userContext(db, 2), { id: found.couponId });
    expect(await marker()).toBe(false);
  });

  it('never lets one shopper exceed the limit with parallel claims', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 1);
    const results = await Promise.allSettled([claimCoupon(user, { id: 2 }), claimCoupon(user, { id: 2 }), claimCoupon(user, { id: 2 })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses coupons outside their claim window, expired, disabled or unknown', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 1);
    await expect(claimCoupon(user, { id: 9 })).rejects.toMatchObject({ status: 400, message: '领取活动已结束' });
    await expect(claimCoupon(user, { id: 10 })).rejects.toMatchObject({ status: 400, message: '领取活动尚未开始' });
    await db.db
      .update(coupon)
      .set({ useEndTime: new Date('2021-01-01') })
      .where(eq(coupon.couponId, 2));
    await expect(claimCoupon(user, { id: 2 })).rejects.toMatchObject({ status: 400, message: '优惠券已过期' });
    await db.db.update(coupon).set({ status: false }).where(eq(coupon.couponId, 4));
    await expect(claimCoupon(user, { id: 4 })).rejects.toMatchObject({ status: 404, message: '优惠券不存在或已下架' });
    await expect(claimCoupon(user, { id: 424242 })).rejects.toMatchObject({ status: 404 });
    await expect(claimCoupon(user, { id: 'x' })).rejects.toMatchObject({ status: 400, message: '优惠券格式不正确' });
  });
});
