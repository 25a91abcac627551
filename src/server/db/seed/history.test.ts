import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase, userContext } from '../../../../tests/helpers/test-db.ts';
import * as s from '../schema/index.ts';
import { transaction } from '../transaction.ts';
import { seedHistory, HISTORY_UID, HISTORY_INVOICE } from './history.ts';
import { listProductRelations } from '../../services/relation/list-product-relations.ts';
import { listMerchantRelations } from '../../services/relation/list-merchant-relations.ts';
import { listUserCoupons } from '../../services/coupon/list-user-coupons.ts';
import { listOrders } from '../../services/order/list-orders.ts';
import { listGroupOrders } from '../../services/order/list-group-orders.ts';
import { getUser } from '../../services/user/get-user.ts';
import { listRefunds } from '../../services/refund/list-refunds.ts';

beforeAll(async () => {
  await createTestDatabase();
});

describe("the demo member's history", () => {
  it('has favourites, follows, coupons in every state and orders in every stage, with ¥500.00 left', async () => {
    const db = await createTestDatabase();
    const member = await userContext(db, HISTORY_UID);

    const products = await listProductRelations(member, { limit: 100 });
    expect(products.count).toBeGreaterThanOrEqual(8);
    expect(products.list.some((f) => f.is_fail === 1 && f.fail_reason === '已下架')).toBe(true);
    const shops = await listMerchantRelations(member, {});
    expect(shops.count).toBe(3);

    const open = await listUserCoupons(member, { statusTag: 1, limit: 999 });
    expect(open.list.length).toBeGreaterThanOrEqual(3);
    expect(open.list.filter((c) => c.expiring === 1)).toHaveLength(1);
    const closed = await listUserCoupons(member, { statusTag: 0, limit: 999 });
    expect(closed.list.map((c) => c.status).sort()).toEqual([1, 2]);
    // Each held coupon valid N days after its claim (coupon_type 0) runs exactly N days, as its terms say.
    const held = [...open.list, ...closed.list].filter((c) => c.coupon.coupon_type === 0);
    expect(held.length).toBeGreaterThanOrEqual(2);
    for (const c of held) {
      const days = (Date.parse(c.end_time!.replace(' ', 'T')) - Date.parse(c.start_time!.replace(' ', 'T'))) / 86_400_000;
      expect(days, c.coupon.title).toBe(c.coupon.coupon_time);
    }

    const byStatus = async (status: string) => (await listOrders(member, { status })).count;
    expect(await byStatus('2')).toBe(1); // received, waiting for a review
    expect(await byStatus('1')).toBe(1); // shipped
    expect(await byStatus('0')).toBe(1); // waiting to ship
    expect((await listGroupOrders(member, {})).count).toBe(1);

    const [waiting] = (await listOrders(member, { status: '0' })).list;
    const [receipt] = await db.db.select().from(s.storeOrder).where(eq(s.storeOrder.orderId, waiting!.order_id));
    expect(receipt!.receipt).toMatchObject({
      receipt_title: HISTORY_INVOICE.receipt_title,
      duty_paragraph: HISTORY_INVOICE.duty_paragraph,
    });

    // The invoice asked for with that order is on the shopper's invoice list.
    const [invoice] = await db.db.select().from(s.orderReceipt).where(eq(s.orderReceipt.orderId, waiting!.order_id));
    expect(invoice).toMatchObject({ uid: HISTORY_UID, status: 0, receiptPrice: receipt!.payPrice });
    // Asked for with the order, so at its time.
    expect(invoice!.createdAt).toEqual(receipt!.createdAt);

    // Spread over the last week, oldest first: received 6 days ago, shipped 3, waiting to ship 1; the ledger follows.
    const ageDays = (d: Date | null) => Math.round((Date.now() - (d?.getTime() ?? 0)) / 86_400_000);
    const mallDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    const placed = await db.db
      .select({ status: s.storeOrder.status, createdAt: s.storeOrder.createdAt, takeTime: s.storeOrder.takeTime })
      .from(s.storeOrder)
      .where(and(eq(s.storeOrder.uid, HISTORY_UID), eq(s.storeOrder.paid, true)));
    // The presale booked 12 days ago waits for its balance (10), payable now.
    // So does the one refunded 10 days ago (-1), before it shipped.
    expect(Object.fromEntries(placed.map((o) => [o.status, ageDays(o.createdAt)]))).toEqual({ 0: 1, 1: 3, 2: 6, 10: 12, [-1]: 10 });
    const refunds = await listRefunds(member, { type: 2 });
    expect(refunds.list).toHaveLength(1);
    expect(refunds.list[0]).toMatchObject({ status: 3, refund_type: 1 });
    const [refundRow] = await db.db.select().from(s.refundOrder).where(eq(s.refundOrder.uid, HISTORY_UID));
    expect(ageDays(refundRow!.refundedAt)).toBe(9);
    expect(refundRow!.refundOrderSn.slice(2, 10)).toBe(mallDay(refundRow!.createdAt));
    // The order's timeline names the refund by that number, as its detail and the ledger do.
    const refundLines = await db.db
      .select()
      .from(s.storeOrderStatus)
      .where(and(eq(s.storeOrderStatus.orderId, refundRow!.orderId), sql`${s.storeOrderStatus.changeMessage} like '%退款单%'`));
    expect(refundLines.length).toBeGreaterThan(0);
    for (const l of refundLines) expect(l.changeMessage).toContain(refundRow!.refundOrderSn);
    const [booking] = (await listOrders(member, { status: '10' })).list;
    expect(booking!.presellOrder).toMatchObject({ activeStatus: 1, paid: 0 });
    const [balanceRow] = await db.db.select().from(s.presellOrder).where(eq(s.presellOrder.orderId, booking!.order_id));
    expect(balanceRow!.presellOrderSn).toBe(`ps${booking!.order_sn.slice(2)}`);
    // Shipped hours after the order, received days after: not all in the same second. The timeline says the same.
    const parcels = await db.db
      .select()
      .from(s.storeOrder)
      .where(and(eq(s.storeOrder.uid, HISTORY_UID), inArray(s.storeOrder.status, [1, 2])));
    const hours = (a: Date | null, b: Date | null) => ((a?.getTime() ?? 0) - (b?.getTime() ?? 0)) / 3_600_000;
    for (const o of parcels) {
      expect(hours(o.deliveryTime, o.createdAt), o.orderSn).toBeGreaterThanOrEqual(5);
      const timeline = await db.db.select().from(s.storeOrderStatus).where(eq(s.storeOrderStatus.orderId, o.orderId));
      expect(timeline.find((t) => t.changeType.startsWith('delivery_'))?.createdAt).toEqual(o.deliveryTime);
    }
    // Waybills of SF's shape (SF and 13 digits), one per parcel, not a padded order id.
    const waybills = parcels.map((o) => o.deliveryId ?? '');
    for (const w of waybills) expect(w).toMatch(/^SF1\d{12}$/);
    expect(new Set(waybills).size).toBe(parcels.length);
    expect(waybills.some((w) => /(\d)\1{5}/.test(w))).toBe(false);
    const [got] = parcels.filter((o) => o.status === 2);
    expect(hours(got!.takeTime, got!.deliveryTime)).toBeGreaterThanOrEqual(48);
    const [shippedOne] = parcels.filter((o) => o.status === 1);
    const [due] = await db.db
      .select()
      .from(s.job)
      .where(and(eq(s.job.kind, 'order.receive'), eq(s.job.key, String(shippedOne!.orderId))));
    expect(hours(due!.runAt, shippedOne!.deliveryTime)).toBeCloseTo(7 * 24, 1);
    // Their numbers carry their own dates (mall time), as an order placed that day would; so do the ledger's notes.
    const numbered = await db.db
      .select({ sn: s.storeOrder.orderSn, createdAt: s.storeOrder.createdAt })
      .from(s.storeOrder)
      .where(eq(s.storeOrder.uid, HISTORY_UID));
    for (const o of numbered) expect(o.sn.slice(2, 10)).toBe(mallDay(o.createdAt));
    const notes = await db.db.select({ mark: s.userBill.mark }).from(s.userBill).where(eq(s.userBill.uid, HISTORY_UID));
    const named = notes.flatMap((n) => /订单(wx\d{20})/.exec(n.mark)?.[1] ?? []);
    const groups = await db.db
      .select({ sn: s.storeGroupOrder.groupOrderSn })
      .from(s.storeGroupOrder)
      .where(eq(s.storeGroupOrder.uid, HISTORY_UID));
    const known = new Set([...numbered.map((o) => o.sn), ...groups.map((g) => g.sn)]);
    expect(named.length).toBeGreaterThan(0);
    for (const sn of named) expect(known).toContain(sn);
    const bills = await db.db.select({ at: s.userBill.createdAt }).from(s.userBill).where(eq(s.userBill.uid, HISTORY_UID));
    expect(new Set(bills.map((b) => ageDays(b.at))).size).toBeGreaterThanOrEqual(4);
    // Read in time order, every row's balance follows from the one before.
    const money = await db.db
      .select()
      .from(s.userBill)
      .where(and(eq(s.userBill.uid, HISTORY_UID), eq(s.userBill.category, 'now_money')))
      .orderBy(s.userBill.createdAt, s.userBill.billId);
    let balance = 0;
    for (const b of money) {
      balance += b.pm === 1 ? b.number : -b.number;
      expect(b.balance, b.title).toBe(balance);
    }

    const me = await getUser(member);
    expect(me.now_money).toBe('500.00');
    expect(me.integral).toBeGreaterThan(2000);
  });

  it('keeps the balance and points equal to their ledgers', async () => {
    const db = await createTestDatabase();
    const [u] = await db.db.select().from(s.users).where(eq(s.users.uid, HISTORY_UID));
    const sum = async (category: string) =>
      (
        await db.db
          .select({
            n: sql<number>`coalesce(sum(case when ${s.userBill.pm} = 1 then ${s.userBill.number} else -${s.userBill.number} end), 0)::int`,
          })
          .from(s.userBill)
          .where(and(eq(s.userBill.uid, HISTORY_UID), eq(s.userBill.category, category)))
      )[0]!.n;
    expect(await sum('now_money')).toBe(u!.nowMoney);
    expect(await sum('integral')).toBe(u!.integral);
    expect(u!.nowMoney).toBe(50000);
  });

  it('leaves no SMS to send about its past shipments and refund (the member heard of them days ago)', async () => {
    const db = await createTestDatabase();
    const shipped = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.storeOrder)
      .where(and(eq(s.storeOrder.uid, HISTORY_UID), sql`${s.storeOrder.deliveryTime} is not null`));
    expect(shipped[0]!.n).toBeGreaterThan(0);
    expect(await db.db.select().from(s.job).where(eq(s.job.kind, 'shopper.notify'))).toEqual([]);
  });

  it('runs once: a second run adds nothing', async () => {
    const db = await createTestDatabase();
    const count = async () =>
      (await db.db.select({ n: sql<number>`count(*)::int` }).from(s.storeGroupOrder).where(eq(s.storeGroupOrder.uid, HISTORY_UID)))[0]!.n;
    const before = await count();
    await transaction(db.db, (tx) => seedHistory(tx));
    expect(await count()).toBe(before);
  });
});
