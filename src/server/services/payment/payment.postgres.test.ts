// Payment on the production path: the same suite on a real PostgreSQL 15 server, where payments, notifications and
// cancels really run in parallel on a pool of connections (PGlite runs one transaction at a time); and a presale's
// balance paid while its window's close waits (or the other way round), which only a server with several connections
// can show.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { addLine, balanceOf, newShopper, pickSku, placeOrder, stockOf, topUp } from '../../../../tests/helpers/checkout.ts';
import { depositOrder } from '../../../../tests/helpers/orders.ts';
import type { Database } from '../../db/client.ts';
import { job, payment, presellOrder, storeGroupOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { createSandboxProvider, readTicket, sandboxNotification, signNotification } from '../../payment/sandbox.ts';
import { useQrProvider } from '../../payment/index.ts';
import { cancelGroupOrder } from '../order/cancel-order.ts';
import { closePresell } from './close-presell.ts';
import { handleNotification } from './handle-notification.ts';
import { payOrder } from './pay-order.ts';
import { paymentSuite } from './payment-suite.ts';

const pg = usePostgres(180000);

paymentSuite(async () => pg.server);

const HOUR = 3_600_000;
// A sandbox gateway as the suite's (its key signs the QR tickets and notifications).
const KEY = 'payment-suite-key';
const sandbox = createSandboxProvider(KEY, 'http://mall.test');

/** A deposit presale order whose balance is payable for another hour, the shopper holding exactly the balance. */
async function balanceDue(d: Database) {
  const s = await newShopper(d);
  const { orderId } = await depositOrder(d, s, { start: new Date(Date.now() - HOUR), end: new Date(Date.now() + HOUR) });
  const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, orderId));
  await topUp(d, s.user.uid, po!.payPrice);
  const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
  const [close] = await d.db
    .select()
    .from(job)
    .where(and(eq(job.kind, 'presell.close'), eq(job.key, String(orderId))));
  const sku = { unique: item!.productAttrUnique };
  return { s, orderId, due: po!.payPrice, num: item!.productNum, sku, stock: await stockOf(d, sku), close: close! };
}

const statusOf = async (d: Database, orderId: number) =>
  (await d.db.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.status;
describe("a presale's balance and the close of its window (PostgreSQL)", () => {
  it('a payment waiting for the close is refused: no money taken, the order closed, its unit back once', async () => {
    const d = pg.server;
    const o = await balanceDue(d);
    let paid: Promise<string> | undefined;
    await transaction(d.db, async (tx) => {
      // The close holds the presale order's row until it commits; the payment starts meanwhile and queues on it.
      await closePresell.run({ orderId: o.orderId }, { db: tx, job: o.close, now: new Date(Date.now() + 2 * HOUR) });
      paid = payOrder(o.s, { id: o.orderId, subject: 'presell', type: 'balance' }).then(
        () => 'paid',
        (e: Error) => e.message,
      );
      await untilOneWaitsForALock(d);
    });
    expect(await paid).toBe('尾款支付时间已结束');
    expect(await statusOf(d, o.orderId)).toBe(11);
    expect(await balanceOf(d, o.s.user.uid)).toBe(o.due);
    expect(await stockOf(d, o.sku)).toBe(o.stock + o.num);
  });

  it('a close waiting for the payment leaves the paid order to ship and its unit sold', async () => {
    const d = pg.server;
    const o = await balanceDue(d);
    let closed: Promise<unknown> | undefined;
    await transaction(d.db, async (tx) => {
      // The payment holds the presale order's row until it commits; the close starts meanwhile and queues on it.
      await payOrder({ ...o.s, db: tx }, { id: o.orderId, subject: 'presell', type: 'balance' });
      closed = closePresell.run({ orderId: o.orderId }, { db: d.db, job: o.close, now: new Date(Date.now() + 2 * HOUR) });
      await untilOneWaitsForALock(d);
    });
    await closed;
    expect(await statusOf(d, o.orderId)).toBe(0);
    expect((await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, o.orderId)))[0]).toMatchObject({ paid: 1, status: 1 });
    expect(await balanceOf(d, o.s.user.uid)).toBe(0);
    expect(await stockOf(d, o.sku)).toBe(o.stock);
  });
});

describe('a notification that waits for the expiry’s cancel (PostgreSQL)', () => {
  it('keeps the money for a refund and leaves the order cancelled, its unit back once', async () => {
    const d = pg.server;
    useQrProvider('weixinQr', sandbox);
    const s = await newShopper(d);
    const sku = await pickSku(d, { merId: 1, minStock: 5 });
    const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
    const qr = await payOrder(s, { id: order.order_id, type: 'weixinQr' });
    if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
    const ticket = readTicket(KEY, new URL(qr.result.config).searchParams.get('t')!)!;
    const body = signNotification(KEY, sandboxNotification(ticket, 'confirm', new Date())).toString();
    const stock = await stockOf(d, sku);
    let notified: Promise<{ result: string }> | undefined;
    await transaction(d.db, async (tx) => {
      // The cancel holds the group order's row until it commits; the notification arrives meanwhile and queues on it.
      expect(await cancelGroupOrder(tx, order.order_id, '订单超时未支付，系统自动取消')).toBe(true);
      notified = handleNotification(d.db, sandbox, body, 'application/x-www-form-urlencoded');
      await untilOneWaitsForALock(d);
    });
    expect((await notified)!.result).toBe('refund_due');
    const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, qr.result.out_trade_no));
    expect(p).toMatchObject({ status: 'refund_due', reason: '订单已取消，款项待退回' });
    const [g] = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, order.order_id));
    expect(g).toMatchObject({ paid: false, isCancel: true });
    expect(await stockOf(d, sku)).toBe(stock + 1);
  });
});
