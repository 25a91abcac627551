// The merchant's side of refunds on the production path: the same suite on a real PostgreSQL 15 server, where
// approvals, cancels and the refund job really run in parallel on a pool of connections; and the money of one refund
// paid back by the request's own try while the job runs, which only a server with several connections can interleave.
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { untilWaitingForLocks, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { addLine, newShopper, pickSku, placeOrder, topUp } from '../../../../tests/helpers/checkout.ts';
import { refundRequestForTest } from '../../../../tests/helpers/refund-requests.ts';
import { refundOrder, storeOrder, storeOrderProduct, userBill, users } from '../../db/schema/index.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { transaction } from '../../db/transaction.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { appJobs } from '../../jobs/registry.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import { payOrder } from '../payment/pay-order.ts';
import { shipOrder } from '../merchant-api/ship-order.ts';
import { receiveOrder } from '../order/receive-order.ts';
import { approveMerchantRefund } from './merchant-approve-refund.ts';
import { refundMoneySuite } from './refund-money-suite.ts';

const pg = usePostgres(180000);

refundMoneySuite(async () => pg.server);

describe('a balance refund paid back by its own try while the refund.pay job runs (PostgreSQL)', () => {
  it('credits the balance once: the second to flip the money state finds it done', async () => {
    const d = pg.server;
    const s = await newShopper(d);
    await topUp(d, s.user.uid, 10_000_000);
    const sku = await pickSku(d, { merId: 1, minStock: 20 });
    const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
    await payOrder(s, { id: order.order_id, type: 'balance' });
    const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
    const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o!.orderId));
    const r = await refundRequestForTest(d, s, o!.orderId, [{ orderProductId: item!.orderProductId, num: 1 }], 1, 100);
    const merchant = await authenticateMerchant(
      { db: d.db, user: null, ip: `203.0.113.250-${process.pid}` },
      `Bearer ${demoMerchantToken(1)}`,
    );
    const before = (await d.db.select({ m: users.nowMoney }).from(users).where(eq(users.uid, s.user.uid)))[0]!.m;
    let approved: Promise<unknown> | undefined;
    let job: Promise<unknown> | undefined;
    await transaction(d.db, async (tx) => {
      // The shopper's row is held: the approval commits, then its own try flips the money state and waits to credit
      // the balance; the job, claimed meanwhile, waits on the request's row.
      await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, s.user.uid)).for('update');
      approved = approveMerchantRefund({ db: d.db, merchant }, { id: r.refundOrderId });
      await untilWaitingForLocks(d, 1);
      job = runDueJobs(d.db, { 'refund.pay': appJobs['refund.pay']! }, { worker: 'pg-test', now: new Date() });
      await untilWaitingForLocks(d, 2);
    });
    await Promise.all([approved, job]);
    const [row] = await d.db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, r.refundOrderId));
    expect(row).toMatchObject({ status: 3, moneyState: 'done', refundChannel: 'balance' });
    expect((await d.db.select({ m: users.nowMoney }).from(users).where(eq(users.uid, s.user.uid)))[0]!.m).toBe(before + 100);
    const bills = await d.db
      .select()
      .from(userBill)
      .where(and(eq(userBill.uid, s.user.uid), eq(userBill.type, 'refund')));
    expect(bills.map((b) => b.number)).toEqual([100]);
  });
});

describe('a full refund approved while the shopper confirms receipt (PostgreSQL)', () => {
  it('waits for the receipt, then takes back the points it gave and gives back the points the order used', async () => {
    const d = pg.server;
    const s = await newShopper(d, { integral: 500 });
    await topUp(d, s.user.uid, 10_000_000);
    const sku = await pickSku(d, { merId: 1, minStock: 20 });
    const { order } = await placeOrder(s, [await addLine(s, sku, 1)], { use_integral: true });
    await payOrder(s, { id: order.order_id, type: 'balance' });
    const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
    expect(o!.integral).toBeGreaterThan(0);
    const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o!.orderId));
    const merchant = await authenticateMerchant(
      { db: d.db, user: null, ip: `203.0.113.251-${process.pid}` },
      `Bearer ${demoMerchantToken(1)}`,
    );
    await shipOrder({ db: d.db, merchant }, { id: o!.orderId, delivery_type: 3 });
    const r = await refundRequestForTest(d, s, o!.orderId, [{ orderProductId: item!.orderProductId, num: 1 }], 1, o!.payPrice);
    let approved: Promise<unknown> | undefined;
    await transaction(d.db, async (tx) => {
      // The receipt holds the store order's row until it commits; the approval starts meanwhile and queues on it.
      expect(await receiveOrder(tx, o!.orderId, { uid: s.user.uid })).toBe(true);
      approved = approveMerchantRefund({ db: d.db, merchant }, { id: r.refundOrderId });
      await untilWaitingForLocks(d, 1);
    });
    expect(await approved).toMatchObject({ status: 3, money_state: 'done' });
    const [after] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, o!.orderId));
    expect(after!.status).toBe(-1);
    const bills = await d.db
      .select()
      .from(userBill)
      .where(
        and(
          eq(userBill.uid, s.user.uid),
          eq(userBill.category, 'integral'),
          inArray(userBill.linkId, [String(o!.orderId), r.refundOrderSn]),
        ),
      );
    const given = bills.find((b) => b.type === 'order_give');
    expect(given?.number).toBeGreaterThan(0);
    expect(bills.find((b) => b.type === 'refund_give_back')?.number).toBe(given!.number);
    expect(bills.find((b) => b.type === 'refund_integral')?.number).toBe(o!.integral);
    expect((await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, s.user.uid)))[0]!.i).toBe(500);
  });
});
