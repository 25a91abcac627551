import { describe, it, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { arrivalNotice, productSku } from '../../db/schema/index.ts';
import { subscribeArrival } from '../relation/subscribe-arrival.ts';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { createRelation } from '../relation/create-relation.ts';
import { claimCoupon } from '../coupon/claim-coupon.ts';
import { listMarks } from './list-marks.ts';
import { depositOrder, presaleOnSale } from '../../../../tests/helpers/orders.ts';
import { payOrder } from '../payment/pay-order.ts';
import { topUp } from '../../../../tests/helpers/checkout.ts';

describe("GET /api/user/marks: a shopper's marks on a shared page", () => {
  it('says which asked favourites and follows are theirs and how far each asked coupon is claimed', async () => {
    const d = await createTestDatabase();
    const me = await newShopper(d);
    const other = await newShopper(d);
    await createRelation(me, { type: 0, type_id: 12 });
    await createRelation(me, { type: 10, type_id: 3 });
    await createRelation(other, { type: 0, type_id: 13 });
    await claimCoupon(me, { id: 5 }); // one per shopper
    await claimCoupon(me, { id: 6 }); // three per shopper
    const marks = await listMarks(me, { relation: '0_12,0_13,10_3,10_4,2_12', coupon: '5,6,2,999999' });
    expect(marks.relation).toEqual(['0_12', '10_3']);
    expect(marks.coupon).toEqual({
      '5': { issue: true, can_claim: false },
      '6': { issue: true, can_claim: true },
      '2': { issue: false, can_claim: true },
    });
    expect(await listMarks(other, { relation: '0_12,0_13', coupon: '5' })).toEqual({
      relation: ['0_13'],
      coupon: { '5': { issue: false, can_claim: true } },
      presell: {},
      arrival: [],
    });
    expect(await listMarks(me, {})).toEqual({ relation: [], coupon: {}, presell: {}, arrival: [] });
  });

  it('says which sold-out SKUs of the asked products the shopper waits to hear about, not once told, not to others', async () => {
    const d = await createTestDatabase();
    const [me, other] = [await newShopper(d), await newShopper(d)];
    const [soldOut] = await d.db.select().from(productSku).where(eq(productSku.stock, 0)).orderBy(productSku.unique).limit(1);
    expect((await listMarks(me, { arrival: String(soldOut!.productId) })).arrival).toEqual([]);
    await subscribeArrival(me, { unique: soldOut!.unique, product_id: soldOut!.productId });
    expect((await listMarks(me, { arrival: `${soldOut!.productId},999999` })).arrival).toEqual([soldOut!.unique]);
    expect((await listMarks(other, { arrival: String(soldOut!.productId) })).arrival).toEqual([]);
    // Once the notice has gone out, the button offers it again.
    await d.db.update(arrivalNotice).set({ status: 1 }).where(eq(arrivalNotice.uid, me.user.uid));
    expect((await listMarks(me, { arrival: String(soldOut!.productId) })).arrival).toEqual([]);
    await expect(listMarks(me, { arrival: 'x' })).rejects.toMatchObject({ code: 'invalid', message: expect.stringMatching(/商品/) });
  });

  it('asks visitors to sign in and refuses malformed or too many marks in Chinese', async () => {
    const d = await createTestDatabase();
    const me = await newShopper(d);
    await expect(listMarks(visitorContext(d), { relation: '0_12' })).rejects.toMatchObject({ code: 'login_required' });
    for (const relation of ['0-12', '5_12', '0_abc', '0_0', Array.from({ length: 51 }, (_, i) => `0_${i + 1}`).join(',')]) {
      await expect(listMarks(me, { relation })).rejects.toMatchObject({ code: 'invalid', message: expect.stringMatching(/收藏对象/) });
    }
    await expect(listMarks(me, { coupon: 'x' })).rejects.toMatchObject({ code: 'invalid', message: expect.stringMatching(/优惠券/) });
  });

  it("gives a deposit booking's balance while it is due, on the order to pay it, and not once paid or to someone else", async () => {
    const d = await createTestDatabase();
    const me = await newShopper(d);
    const other = await newShopper(d);
    const { presellId } = await presaleOnSale(d, 2);
    const ask = { presell: `${presellId},999999` };
    expect((await listMarks(me, ask)).presell).toEqual({});

    // Booked: the balance window opens later (the demo presale's, weeks away).
    const later = await depositOrder(d, me);
    expect((await listMarks(me, ask)).presell).toEqual({ [presellId]: { order_id: later.orderId, activeStatus: 0 } });
    expect((await listMarks(other, ask)).presell).toEqual({});

    // A second booking whose window is open now comes first: that balance can be paid.
    const hour = 3_600_000;
    const open = await depositOrder(d, me, { start: new Date(Date.now() - hour), end: new Date(Date.now() + hour) });
    expect((await listMarks(me, ask)).presell).toEqual({ [presellId]: { order_id: open.orderId, activeStatus: 1 } });

    // Paid: the other booking is what is left.
    await topUp(d, me.user.uid, 10_000_000);
    await payOrder(me, { id: open.orderId, type: 'balance', subject: 'presell' });
    expect((await listMarks(me, ask)).presell).toEqual({ [presellId]: { order_id: later.orderId, activeStatus: 0 } });

    // A window that has passed is not due any more.
    await d.db.execute(
      sql`update presell_order set final_start_time = now() - interval '2 hours', final_end_time = now() - interval '1 hour' where order_id = ${later.orderId}`,
    );
    expect((await listMarks(me, ask)).presell).toEqual({});
    await expect(listMarks(me, { presell: 'x' })).rejects.toMatchObject({ code: 'invalid', message: expect.stringMatching(/预售/) });
  });
});
