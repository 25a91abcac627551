// Payment on a real database: run on PGlite (payment.test.ts) and on PostgreSQL 15 (payment.postgres.test.ts).
// Each test makes its own shoppers and orders, so tests sharing one PostgreSQL server do not meet.
import { readFileSync } from 'node:fs';
import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  job,
  payment,
  paymentNotification,
  presell,
  presellOrder,
  productSku,
  storeGroupOrder,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
  userBill,
} from '../../db/schema/index.ts';
import { balanceOf, newShopper, pickSku, addLine, placeOrder, topUp, stockOf, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { useQrProvider } from '../../payment/index.ts';
import { createSandboxProvider, readTicket, sandboxNotification, signNotification } from '../../payment/sandbox.ts';
import type { QrPaymentProvider } from '../../payment/provider.ts';
import { cancelGroupOrder, cancelOrder } from '../order/cancel-order.ts';
import { payOrder } from './pay-order.ts';
import { getPayStatus } from './pay-status.ts';
import { handleNotification } from './handle-notification.ts';
import { paymentRefundNo, refundPayment } from './refund-payment.ts';
import { getOrder } from '../order/get-order.ts';
import { getGroupOrder } from '../order/get-group-order.ts';
import { listMoneyDue, refundPaymentNow } from '../operator/money-due.ts';
import { createCart } from '../cart/create-cart.ts';
import { depositOrder } from '../../../../tests/helpers/orders.ts';
import { countingGateway as countingSandbox } from '../../../../tests/helpers/gateways.ts';
import { closePresell } from './close-presell.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { appJobs } from '../../jobs/registry.ts';

const KEY = 'payment-suite-key';
const sandbox = createSandboxProvider(KEY, 'http://mall.test');

async function unpaidOrder(d: Database, s: Shopper, merIds = [1]) {
  const ids: number[] = [];
  const used: number[] = [];
  for (const merId of merIds) {
    const sku = await pickSku(d, { merId, except: used });
    used.push(sku.productId);
    ids.push(await addLine(s, sku, 1));
  }
  const { order } = await placeOrder(s, ids);
  return { id: order.order_id, cents: Math.round(Number(order.pay_price) * 100) };
}

/** The balance equals the sum of its ledger: income minus expense. */
async function ledgerOf(d: Database, uid: number) {
  const [r] = await d.db
    .select({ sum: sql<string>`coalesce(sum(case when ${userBill.pm} = 1 then ${userBill.number} else -${userBill.number} end), 0)` })
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.category, 'now_money')));
  return Number(r!.sum);
}

async function groupOf(d: Database, id: number) {
  const [g] = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, id));
  const orders = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, id));
  return { g: g!, orders };
}

/** The notification the sandbox gateway would send for the QR code `codeUrl`. */
function notificationFor(codeUrl: string, action: 'confirm' | 'decline' = 'confirm', key = KEY) {
  const ticket = readTicket(KEY, new URL(codeUrl).searchParams.get('t')!)!;
  return signNotification(key, sandboxNotification(ticket, action, new Date())).toString();
}

const FORM = 'application/x-www-form-urlencoded';

/** The `payment.refund` jobs of payment `paymentId`. */
const refundJobs = (d: Database, paymentId: number) =>
  d.db
    .select()
    .from(job)
    .where(and(eq(job.kind, 'payment.refund'), eq(job.key, String(paymentId))));

/** Runs the due `payment.refund` jobs now, as the runner would. */
const runRefundJobs = (d: Database) =>
  runDueJobs(d.db, { 'payment.refund': appJobs['payment.refund']! }, { worker: `payment-refund-${process.pid}`, now: new Date() });

/**
 * Runs the `kind` job of `id` (its key) at `now`, as the runner would, and no other: on a shared server, running every
 * due job days ahead would run other tests' jobs too, and ten at a time might not reach this one.
 */
async function runOwnJob(d: Database, kind: 'presell.close', id: number, now: Date) {
  const [row] = await d.db
    .select()
    .from(job)
    .where(and(eq(job.kind, kind), eq(job.key, String(id))));
  if (!row) throw new Error(`no ${kind} job for ${id}`);
  await appJobs[kind]!.run(row.payload, { db: d.db, job: row, now });
}

/** The sandbox gateway counting its refund calls; refusing them (网关超时) while `failing`. */
const countingGateway = (failing = false) => countingSandbox(sandbox, failing);

/** An order paid by WeChat QR (`a`) whose Alipay QR payment (`b`) came after: `b`'s money is kept for a refund. */
async function paidTwice(d: Database, s: Shopper) {
  const o = await unpaidOrder(d, s);
  const a = await payOrder(s, { id: o.id, type: 'weixinQr' });
  const b = await payOrder(s, { id: o.id, type: 'alipayQr' });
  if (a.status !== 'weixinQr' || b.status !== 'alipayQr') throw new Error('expected QR answers');
  expect((await handleNotification(d.db, sandbox, notificationFor(a.result.config), FORM)).result).toBe('paid');
  expect((await handleNotification(d.db, sandbox, notificationFor(b.result.config), FORM)).result).toBe('refund_due');
  return { o, a: a.result, b: b.result };
}

/** An order whose WeChat QR payment the gateway reports as ¥0.01, not what was asked: the money is kept for a refund. */
async function paidOtherAmount(d: Database, s: Shopper) {
  const o = await unpaidOrder(d, s);
  const qr = await payOrder(s, { id: o.id, type: 'weixinQr' });
  if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
  const ticket = readTicket(KEY, new URL(qr.result.config).searchParams.get('t')!)!;
  const body = signNotification(KEY, { ...sandboxNotification(ticket, 'confirm', new Date()), total_amount: '0.01' }).toString();
  expect((await handleNotification(d.db, sandbox, body, FORM)).result).toBe('amount_mismatch');
  const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, qr.result.out_trade_no));
  return { o, qr: qr.result, p: p! };
}

/** An order cancelled while its WeChat QR code was open, then paid by it: the money is kept for a refund. */
async function paidAfterCancel(d: Database, s: Shopper) {
  const c = await unpaidOrder(d, s);
  const qr = await payOrder(s, { id: c.id, type: 'weixinQr' });
  if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
  await cancelOrder(s, { id: c.id });
  expect((await handleNotification(d.db, sandbox, notificationFor(qr.result.config), FORM)).result).toBe('refund_due');
  const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, qr.result.out_trade_no));
  return { c, qr: qr.result, p: p! };
}

export function paymentSuite(open: () => Promise<Database>) {
  beforeAll(() => {
    useQrProvider('weixinQr', sandbox);
    useQrProvider('alipayQr', sandbox);
  });

  describe('balance', () => {
    it('pays at once in one transaction: balance and ledger move together, every store order is to ship', async () => {
      const d = await open();
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const o = await unpaidOrder(d, s, [1, 2]);
      const res = await payOrder(s, { id: o.id, type: 'balance' });
      expect(res).toEqual({ status: 'success', result: { order_id: o.id } });
      expect(await balanceOf(d, s.user.uid)).toBe(10_000_000 - o.cents);
      expect(await ledgerOf(d, s.user.uid)).toBe(10_000_000 - o.cents);
      const { g, orders } = await groupOf(d, o.id);
      expect(g).toMatchObject({ paid: true, payType: 0 });
      expect(orders).toHaveLength(2);
      for (const x of orders) expect(x).toMatchObject({ paid: true, status: 0, payType: 0 });
      const timeline = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.groupOrderId, o.id));
      expect(timeline.filter((t) => t.changeType === 'pay_success')).toHaveLength(2);
      expect((await getPayStatus(s, { id: o.id })).status).toBe('paid');
      await expect(payOrder(s, { id: o.id, type: 'balance' })).rejects.toThrow('订单已支付');
    });

    it('five payments of one order at once take the money once', async () => {
      const d = await open();
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const o = await unpaidOrder(d, s);
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => payOrder(s, { id: o.id, type: 'balance' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await balanceOf(d, s.user.uid)).toBe(10_000_000 - o.cents);
      expect(await ledgerOf(d, s.user.uid)).toBe(10_000_000 - o.cents);
      const bills = await d.db
        .select()
        .from(userBill)
        .where(and(eq(userBill.uid, s.user.uid), eq(userBill.type, 'pay_order')));
      expect(bills).toHaveLength(1);
    });

    it('refuses 余额不足 and changes nothing when the balance is short', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s);
      await topUp(d, s.user.uid, o.cents - 1);
      await expect(payOrder(s, { id: o.id, type: 'balance' })).rejects.toThrow('余额不足');
      expect(await balanceOf(d, s.user.uid)).toBe(o.cents - 1);
      expect((await groupOf(d, o.id)).g.paid).toBe(false);
    });

    it("another shopper's order is a 404, a cancelled one is refused, bad input is a clear 400", async () => {
      const d = await open();
      const [s, other] = [await newShopper(d), await newShopper(d)];
      await topUp(d, other.user.uid, 10_000_000);
      const o = await unpaidOrder(d, s);
      await expect(payOrder(other, { id: o.id, type: 'balance' })).rejects.toMatchObject({ code: 'not_found' });
      await expect(getPayStatus(other, { id: o.id })).rejects.toMatchObject({ code: 'not_found' });
      await expect(payOrder(s, { id: o.id, type: 'card' as never })).rejects.toThrow('请选择支付方式');
      await expect(payOrder(s, { id: 'x', type: 'balance' })).rejects.toMatchObject({ code: 'invalid' });
      await cancelOrder(s, { id: o.id });
      await topUp(d, s.user.uid, 10_000_000);
      await expect(payOrder(s, { id: o.id, type: 'balance' })).rejects.toThrow('订单已取消');
      expect(await balanceOf(d, s.user.uid)).toBe(10_000_000);
    });

    it('a cancel racing a payment: exactly one wins, and the money follows', async () => {
      const d = await open();
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const o = await unpaidOrder(d, s);
      await Promise.allSettled([payOrder(s, { id: o.id, type: 'balance' }), cancelOrder(s, { id: o.id })]);
      const { g } = await groupOf(d, o.id);
      expect(g.paid !== g.isCancel).toBe(true);
      expect(await balanceOf(d, s.user.uid)).toBe(g.paid ? 10_000_000 - o.cents : 10_000_000);
      expect(await ledgerOf(d, s.user.uid)).toBe(await balanceOf(d, s.user.uid));
    });
  });

  describe('QR gateway notifications', () => {
    it('hands out the gateway QR code and records a pending payment', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s);
      const res = await payOrder(s, { id: o.id, type: 'weixinQr' });
      if (res.status !== 'weixinQr') throw new Error('expected a QR answer');
      expect(res.result.config).toMatch(/^http:\/\/mall\.test\/sandbox_pay\?t=/);
      expect(res.result).toMatchObject({ order_id: o.id, expire_seconds: 180 });
      const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, res.result.out_trade_no));
      expect(p).toMatchObject({ status: 'pending', amount: o.cents, provider: 'sandbox', payType: 6, subject: 'group', subjectId: o.id });
      expect((await getPayStatus(s, { id: o.id })).status).toBe('pending');
    });

    it('takes return_url sent as null, empty or absent (the reference client sends it, and it is not used)', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s);
      for (const return_url of [null, '', undefined, '/user/order_list?type=1']) {
        const res = await payOrder(s, { id: o.id, type: 'weixinQr', return_url });
        expect(res.status, String(return_url)).toBe('weixinQr');
      }
      await expect(payOrder(s, { id: o.id, type: 'weixinQr', return_url: 'x'.repeat(501) })).rejects.toMatchObject({
        code: 'invalid',
        message: '返回地址格式不正确',
      });
    });

    it('a notification replayed and sent five times at once pays the order once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s, [1, 2]);
      const res = await payOrder(s, { id: o.id, type: 'alipayQr' });
      if (res.status !== 'alipayQr') throw new Error('expected a QR answer');
      const body = notificationFor(res.result.config);
      const results = await Promise.all([1, 2, 3, 4, 5].map(() => handleNotification(d.db, sandbox, body, FORM)));
      expect(results.filter((r) => r.result === 'paid')).toHaveLength(1);
      expect(results.filter((r) => r.result === 'duplicate')).toHaveLength(4);
      expect(results.every((r) => r.ack === 'success')).toBe(true);
      expect((await handleNotification(d.db, sandbox, body, FORM)).result).toBe('duplicate');
      const { g, orders } = await groupOf(d, o.id);
      expect(g).toMatchObject({ paid: true, payType: 5 });
      expect(orders.every((x) => x.paid && x.status === 0)).toBe(true);
      const timeline = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.groupOrderId, o.id));
      expect(timeline.filter((t) => t.changeType === 'pay_success')).toHaveLength(2);
      const recorded = await d.db.select().from(paymentNotification).where(eq(paymentNotification.outTradeNo, res.result.out_trade_no));
      expect(recorded).toHaveLength(6);
      expect((await getPayStatus(s, { id: o.id })).paid).toBe(1);
    });

    it('a forged or tampered notification changes nothing', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s);
      const res = await payOrder(s, { id: o.id, type: 'weixinQr' });
      if (res.status !== 'weixinQr') throw new Error('expected a QR answer');
      const forged = notificationFor(res.result.config, 'confirm', 'not-the-key');
      const tampered = new URLSearchParams(notificationFor(res.result.config));
      tampered.set('total_amount', '0.01');
      for (const body of [forged, tampered.toString(), 'garbage', '']) {
        expect(await handleNotification(d.db, sandbox, body, FORM)).toEqual({ result: 'bad_signature', ack: 'fail' });
      }
      expect((await groupOf(d, o.id)).g.paid).toBe(false);
      const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, res.result.out_trade_no));
      expect(p!.status).toBe('pending');
    });

    it('a declined payment is failed with its reason, and the shopper can pay again', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s);
      const first = await payOrder(s, { id: o.id, type: 'weixinQr' });
      if (first.status !== 'weixinQr') throw new Error('expected a QR answer');
      expect((await handleNotification(d.db, sandbox, notificationFor(first.result.config, 'decline'), FORM)).result).toBe('failed');
      expect(await getPayStatus(s, { id: o.id })).toMatchObject({ paid: 0, status: 'failed', reason: '付款人取消了支付' });
      const again = await payOrder(s, { id: o.id, type: 'weixinQr' });
      if (again.status !== 'weixinQr') throw new Error('expected a QR answer');
      expect((await handleNotification(d.db, sandbox, notificationFor(again.result.config), FORM)).result).toBe('paid');
      expect((await getPayStatus(s, { id: o.id })).status).toBe('paid');
    });

    it('money for an order cancelled meanwhile, or paid by another attempt, is kept for a refund', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { b } = await paidTwice(d, s);
      const [pb] = await d.db.select().from(payment).where(eq(payment.outTradeNo, b.out_trade_no));
      expect(pb).toMatchObject({ status: 'refund_due', reason: '订单已支付，款项待退回' });

      const { c, p } = await paidAfterCancel(d, s);
      expect(p).toMatchObject({ status: 'refund_due', reason: '订单已取消，款项待退回' });
      expect((await groupOf(d, c.id)).g).toMatchObject({ paid: false, isCancel: true });
    });

    it('money kept for a refund goes back through its gateway exactly once, and a replayed notice queues nothing more', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { o, a, b } = await paidTwice(d, s);
      expect((await handleNotification(d.db, sandbox, notificationFor(b.config), FORM)).result).toBe('duplicate');
      const [pb] = await d.db.select().from(payment).where(eq(payment.outTradeNo, b.out_trade_no));
      const jobs = await refundJobs(d, pb!.paymentId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.payload).toEqual({ paymentId: pb!.paymentId, amount: o.cents });
      const yuan = (o.cents / 100).toFixed(2);
      expect((await getGroupOrder(s, { id: o.id })).returned_payments).toEqual([
        { pay_type: 5, amount: yuan, status: 'refund_due', refunded_time: null },
      ]);

      const { state, provider } = countingGateway();
      useQrProvider('alipayQr', provider);
      try {
        // The runner and a second runner (another worker) at once, and the function itself.
        await Promise.all([runRefundJobs(d), runRefundJobs(d), refundPayment(d.db, pb!.paymentId, o.cents)]);
      } finally {
        useQrProvider('alipayQr', sandbox);
      }
      const [after] = await d.db.select().from(payment).where(eq(payment.outTradeNo, b.out_trade_no));
      const calls = state.calls.filter((c) => c.outTradeNo === b.out_trade_no);
      expect(calls.length).toBeGreaterThan(0);
      // Every call is the same refund (the gateway's idempotency key), of what the payment took.
      for (const c of calls) expect(c).toMatchObject({ refundNo: paymentRefundNo(pb!.paymentId), amount: o.cents, tradeAmount: o.cents });
      const expected = await sandbox.refund(calls[0]!);
      expect(after).toMatchObject({ status: 'refunded', refundNo: expected.providerRefundNo, reason: '订单已支付，款项已原路退回' });
      expect(after!.refundedAt).toBeInstanceOf(Date);
      // The payment that paid the order is untouched; running again changes nothing.
      const [pa] = await d.db.select().from(payment).where(eq(payment.outTradeNo, a.out_trade_no));
      expect(pa!.status).toBe('paid');
      expect((await groupOf(d, o.id)).g.paid).toBe(true);
      expect(await refundPayment(d.db, pb!.paymentId, o.cents)).toBe('refunded');
      expect((await d.db.select().from(payment).where(eq(payment.outTradeNo, b.out_trade_no)))[0]).toEqual(after);
      expect((await getGroupOrder(s, { id: o.id })).returned_payments).toEqual([
        { pay_type: 5, amount: yuan, status: 'refunded', refunded_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      ]);
      // The shopper reads it once on the order's timeline.
      const [storeOrderId] = (await groupOf(d, o.id)).orders.map((x) => x.orderId);
      const lines = (await getOrder(s, { id: storeOrderId })).storeOrderStatus.filter((t) => t.change_type === 'payment_refunded');
      expect(lines.map((t) => t.change_message)).toEqual([
        `支付宝扫码付款¥${(o.cents / 100).toFixed(2)}未用于本订单（订单已支付），已原路退回`,
      ]);
    });

    it('a refund the gateway refuses is retried; after the last attempt the money stays due with the error for support', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { c, p } = await paidAfterCancel(d, s);
      const { state, provider } = countingGateway(true);
      useQrProvider('weixinQr', provider);
      try {
        await runRefundJobs(d);
        const [job1] = await refundJobs(d, p!.paymentId);
        expect(job1).toMatchObject({ state: 'queued', attempts: 1, lastError: expect.stringContaining('网关超时') });
        expect(job1!.runAt.getTime()).toBeGreaterThan(Date.now());
        await expect(refundPayment(d.db, p!.paymentId, c.cents, { last: true })).rejects.toThrow('网关超时');
        const [stuck] = await d.db.select().from(payment).where(eq(payment.paymentId, p!.paymentId));
        expect(stuck).toMatchObject({
          status: 'refund_due',
          reason: '订单已取消，款项待退回；自动退款失败（网关超时），请联系客服',
          refundNo: '',
        });
        state.failing = false;
        expect(await refundPayment(d.db, p!.paymentId, c.cents)).toBe('refunded');
      } finally {
        useQrProvider('weixinQr', sandbox);
      }
      const [back] = await d.db.select().from(payment).where(eq(payment.paymentId, p!.paymentId));
      expect(back).toMatchObject({ status: 'refunded', reason: '订单已取消，款项已原路退回' });
      const timeline = await d.db
        .select()
        .from(storeOrderStatus)
        .where(and(eq(storeOrderStatus.groupOrderId, c.id), eq(storeOrderStatus.changeType, 'payment_refunded')));
      expect(timeline.map((t) => t.changeMessage)).toEqual([
        `微信扫码付款¥${(c.cents / 100).toFixed(2)}未用于本订单（订单已取消），已原路退回`,
      ]);
      expect((await groupOf(d, c.id)).g).toMatchObject({ paid: false, isCancel: true });
    });

    it('an amount other than asked is kept and given back whole, the amount the gateway took', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { o, qr, p } = await paidOtherAmount(d, s);
      expect(p.status).toBe('refund_due');
      expect((await refundJobs(d, p.paymentId))[0]!.payload).toEqual({ paymentId: p.paymentId, amount: 1 });
      const { state, provider } = countingGateway();
      useQrProvider('weixinQr', provider);
      try {
        expect(await refundPayment(d.db, p.paymentId, 1)).toBe('refunded');
      } finally {
        useQrProvider('weixinQr', sandbox);
      }
      expect(state.calls).toEqual([expect.objectContaining({ outTradeNo: qr.out_trade_no, amount: 1, tradeAmount: 1 })]);
      expect((await groupOf(d, o.id)).g.paid).toBe(false);
    });

    it('migration 0023 queues, once, the refund of money kept before 0022, except an amount that differed from the order', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { c, p } = await paidAfterCancel(d, s);
      const { p: m } = await paidOtherAmount(d, s);
      // As they were kept before 0022: no job.
      for (const id of [p.paymentId, m.paymentId]) {
        await d.db.delete(job).where(and(eq(job.kind, 'payment.refund'), eq(job.key, String(id))));
      }
      const migration = readFileSync(new URL('../../db/migrations/0023_payment_refund_jobs.sql', import.meta.url), 'utf8');
      await d.db.execute(sql.raw(migration));
      await d.db.execute(sql.raw(migration));
      expect(await refundJobs(d, p.paymentId)).toEqual([
        expect.objectContaining({ payload: { paymentId: p.paymentId, amount: c.cents }, state: 'queued', maxAttempts: 8 }),
      ]);
      expect(await refundJobs(d, m.paymentId)).toEqual([]);
      await runRefundJobs(d);
      expect((await d.db.select().from(payment).where(eq(payment.paymentId, p.paymentId)))[0]!.status).toBe('refunded');
      expect((await d.db.select().from(payment).where(eq(payment.paymentId, m.paymentId)))[0]!.status).toBe('refund_due');
    });

    it('support sees money kept for a refund and gives it back at once; a payment kept before the job existed gets one', async () => {
      const d = await open();
      const s = await newShopper(d);
      const kept = async () => {
        const { c, p } = await paidAfterCancel(d, s);
        return { p, cents: c.cents };
      };
      const one = await kept();
      const { state, provider } = countingGateway(true);
      useQrProvider('weixinQr', provider);
      try {
        await expect(refundPaymentNow(d.db, { id: one.p.paymentId })).rejects.toMatchObject({
          code: 'unavailable',
          message: expect.stringContaining('网关超时'),
        });
        const listed = (await listMoneyDue(d.db)).payments.find((x) => x.payment_id === one.p.paymentId);
        expect(listed).toMatchObject({
          out_trade_no: one.p.outTradeNo,
          uid: s.user.uid,
          amount: (one.cents / 100).toFixed(2),
          job_state: 'queued',
          reason: expect.stringContaining('自动退款失败（网关超时）'),
        });
        state.failing = false;
        expect(await refundPaymentNow(d.db, { id: one.p.paymentId })).toEqual({ payment_id: one.p.paymentId, status: 'refunded' });
        expect(await refundPaymentNow(d.db, { id: one.p.paymentId })).toEqual({ payment_id: one.p.paymentId, status: 'refunded' });
        expect(
          state.calls.filter((c) => c.outTradeNo === one.p.outTradeNo && c.refundNo === paymentRefundNo(one.p.paymentId)),
        ).toHaveLength(2);
        expect((await listMoneyDue(d.db)).payments.some((x) => x.payment_id === one.p.paymentId)).toBe(false);

        // Kept before refunds were queued: no job. It gets one, and the money the order asked goes back.
        const two = await kept();
        await d.db.delete(job).where(and(eq(job.kind, 'payment.refund'), eq(job.key, String(two.p.paymentId))));
        expect((await listMoneyDue(d.db)).payments.find((x) => x.payment_id === two.p.paymentId)).toMatchObject({ job_state: 'none' });
        expect(await refundPaymentNow(d.db, { id: two.p.paymentId })).toMatchObject({ status: 'refunded' });
        expect(state.calls.at(-1)).toMatchObject({ outTradeNo: two.p.outTradeNo, amount: two.cents });
        expect(await refundJobs(d, two.p.paymentId)).toHaveLength(1);
      } finally {
        useQrProvider('weixinQr', sandbox);
      }
      // A payment that paid its order, an unknown one, a malformed id: refused, nothing sent to the gateway.
      const o = await unpaidOrder(d, s);
      const paid = await payOrder(s, { id: o.id, type: 'weixinQr' });
      if (paid.status !== 'weixinQr') throw new Error('expected a QR answer');
      await handleNotification(d.db, sandbox, notificationFor(paid.result.config), FORM);
      const [pp] = await d.db.select().from(payment).where(eq(payment.outTradeNo, paid.result.out_trade_no));
      await expect(refundPaymentNow(d.db, { id: pp!.paymentId })).rejects.toMatchObject({
        code: 'refused',
        message: '该付款没有待退回的款项',
      });
      await expect(refundPaymentNow(d.db, { id: 2147483647 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(refundPaymentNow(d.db, { id: '1x' })).rejects.toMatchObject({ code: 'invalid' });
    });

    it('a notification, a balance payment and the expiry’s cancel at once: one wins, the money and stock follow it', async () => {
      const d = await open();
      for (let k = 0; k < 3; k++) {
        const s = await newShopper(d);
        await topUp(d, s.user.uid, 10_000_000);
        const sku = await pickSku(d, { merId: 1, minStock: 5 });
        const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
        const id = order.order_id;
        const cents = Math.round(Number(order.pay_price) * 100);
        const stock = await stockOf(d, sku);
        const qr = await payOrder(s, { id, type: 'weixinQr' });
        if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
        const [notified, , cancelled] = await Promise.allSettled([
          handleNotification(d.db, sandbox, notificationFor(qr.result.config), FORM),
          payOrder(s, { id, type: 'balance' }),
          cancelGroupOrder(d.db, id, '订单超时未支付，系统自动取消'),
        ]);
        const { g } = await groupOf(d, id);
        const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, qr.result.out_trade_no));
        const byQr = g.paid && g.payType === 6;
        const byBalance = g.paid && g.payType === 0;
        expect([byQr, byBalance, g.isCancel].filter(Boolean)).toHaveLength(1);
        expect(notified).toMatchObject({ status: 'fulfilled', value: { result: byQr ? 'paid' : 'refund_due' } });
        expect(p!.status).toBe(byQr ? 'paid' : 'refund_due');
        expect(cancelled).toMatchObject({ status: 'fulfilled', value: g.isCancel });
        expect(await balanceOf(d, s.user.uid)).toBe(byBalance ? 10_000_000 - cents : 10_000_000);
        expect(await ledgerOf(d, s.user.uid)).toBe(await balanceOf(d, s.user.uid));
        expect(await stockOf(d, sku)).toBe(g.isCancel ? stock + 1 : stock);
      }
    });

    it('a notification for a trade that is not ours is recorded and changes nothing', async () => {
      const d = await open();
      const body = signNotification(KEY, {
        out_trade_no: `pay-unknown-${Date.now()}`,
        trade_no: 'SB1',
        total_amount: '1.00',
        currency: 'CNY',
        trade_status: 'TRADE_SUCCESS',
      }).toString();
      expect((await handleNotification(d.db, sandbox, body, FORM)).result).toBe('unknown_trade');
    });

    it('a gateway that refuses the QR request gives a clear error and a failed attempt', async () => {
      const d = await open();
      const s = await newShopper(d);
      const o = await unpaidOrder(d, s);
      const down: QrPaymentProvider = {
        ...sandbox,
        name: 'sandbox',
        createQr: async () => {
          throw new Error('gateway timeout');
        },
      };
      useQrProvider('weixinQr', down);
      try {
        await expect(payOrder(s, { id: o.id, type: 'weixinQr' })).rejects.toMatchObject({ code: 'unavailable' });
      } finally {
        useQrProvider('weixinQr', sandbox);
      }
      const rows = await d.db
        .select()
        .from(payment)
        .where(and(eq(payment.subject, 'group'), eq(payment.subjectId, o.id)));
      expect(rows.map((r) => r.status)).toEqual(['failed']);
      useQrProvider('alipayQr', null);
      try {
        await expect(payOrder(s, { id: o.id, type: 'alipayQr' })).rejects.toThrow('该支付方式暂未开通');
      } finally {
        useQrProvider('alipayQr', sandbox);
      }
    });
  });

  describe('presale deposit and balance', () => {
    /** A running deposit presale (presell_type 2) of its own for this test, with the balance window `from`..`to`. */
    async function depositPresale(d: Database, nth: number, from: Date, to: Date) {
      const rows = (await d.db.select().from(presell).orderBy(presell.productPresellId)).filter(
        (r) => r.presellType === 2 && r.startTime.getTime() < Date.now() && r.endTime.getTime() > Date.now() && r.payCount === 0,
      );
      const pr = rows[nth]!;
      await d.db.update(presell).set({ finalStartTime: from, finalEndTime: to }).where(eq(presell.productPresellId, pr.productPresellId));
      const [sku] = await d.db.select().from(productSku).where(eq(productSku.productId, pr.productId)).limit(1);
      return { pr, sku: sku! };
    }

    it('a paid deposit waits for its balance (status 10), which is paid once in its window and ships', async () => {
      const d = await open();
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const hour = 3600_000;
      const { pr, sku } = await depositPresale(d, 0, new Date(Date.now() - hour), new Date(Date.now() + hour));
      const line = await createCart(s, {
        product_id: pr.productPresellId,
        product_attr_unique: sku.unique,
        cart_num: 2,
        is_new: 1,
        product_type: 2,
      });
      const { order } = await placeOrder(s, [line.cart_id]);
      const deposit = Math.round(Number(order.pay_price) * 100);
      expect(deposit).toBe(2 * sku.downPrice);
      await payOrder(s, { id: order.order_id, type: 'balance' });
      const [o] = (await groupOf(d, order.order_id)).orders;
      expect(o).toMatchObject({ paid: true, status: 10 });
      const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, o!.orderId));
      expect(po).toMatchObject({ paid: 0, status: 1, payPrice: 2 * sku.price - deposit });
      await expect(payOrder(s, { id: o!.orderId, subject: 'presell', type: 'card' as never })).rejects.toThrow('请选择支付方式');
      const results = await Promise.allSettled([1, 2, 3].map(() => payOrder(s, { id: o!.orderId, subject: 'presell', type: 'balance' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await balanceOf(d, s.user.uid)).toBe(10_000_000 - 2 * sku.price);
      expect(await ledgerOf(d, s.user.uid)).toBe(10_000_000 - 2 * sku.price);
      const [after] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, o!.orderId));
      expect(after).toMatchObject({ status: 0, payPrice: 2 * sku.price });
      expect((await getPayStatus(s, { id: o!.orderId, subject: 'presell' })).paid).toBe(1);
      // The window's end changes nothing for a paid balance.
      await runOwnJob(d, 'presell.close', o!.orderId, new Date(Date.now() + 2 * hour));
      expect((await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, o!.orderId)))[0]!.status).toBe(0);
    });

    it('a balance not paid in its window closes the order (status 11) once, its unit back on sale, and cannot be paid after', async () => {
      const d = await open();
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const day = 86_400_000;
      const { pr, sku } = await depositPresale(d, 1, new Date(Date.now() + day), new Date(Date.now() + 2 * day));
      const line = await createCart(s, {
        product_id: pr.productPresellId,
        product_attr_unique: sku.unique,
        cart_num: 1,
        is_new: 1,
        product_type: 2,
      });
      const stockBefore = await stockOf(d, sku);
      const { order } = await placeOrder(s, [line.cart_id]);
      await payOrder(s, { id: order.order_id, type: 'balance' });
      expect(await stockOf(d, sku)).toBe(stockBefore - 1);
      const [o] = (await groupOf(d, order.order_id)).orders;
      await expect(payOrder(s, { id: o!.orderId, subject: 'presell', type: 'balance' })).rejects.toThrow('尚未到尾款支付时间');
      const other = await newShopper(d);
      await expect(payOrder(other, { id: o!.orderId, subject: 'presell', type: 'balance' })).rejects.toMatchObject({ code: 'not_found' });
      await runOwnJob(d, 'presell.close', o!.orderId, new Date(Date.now() + 3 * day));
      await runOwnJob(d, 'presell.close', o!.orderId, new Date(Date.now() + 3 * day));
      const [closed] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, o!.orderId));
      expect(closed!.status).toBe(11);
      const timeline = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, o!.orderId));
      expect(timeline.filter((t) => t.changeType === 'presell_close')).toHaveLength(1);
      // The unit the shopper did not pay for is on sale again, once (the job ran twice).
      expect(await stockOf(d, sku)).toBe(stockBefore);
      await expect(payOrder(s, { id: o!.orderId, subject: 'presell', type: 'balance' })).rejects.toThrow('尾款支付时间已结束');
    });

    it('a balance paid by QR code after its window closed is given back once, and the order shows it on its way, then back', async () => {
      const d = await open();
      const s = await newShopper(d);
      const hour = 3600_000;
      const { orderId } = await depositOrder(d, s, { start: new Date(Date.now() - hour), end: new Date(Date.now() + hour) });
      const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, orderId));
      const qr = await payOrder(s, { id: orderId, subject: 'presell', type: 'weixinQr' });
      if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
      expect((await getOrder(s, { id: orderId })).returned_payments).toEqual([]);
      // The window closes while the code is open; the shopper pays it afterwards.
      await runOwnJob(d, 'presell.close', orderId, new Date(Date.now() + 2 * hour));
      expect((await handleNotification(d.db, sandbox, notificationFor(qr.result.config), FORM)).result).toBe('refund_due');
      const [p] = await d.db.select().from(payment).where(eq(payment.outTradeNo, qr.result.out_trade_no));
      expect(p).toMatchObject({ status: 'refund_due', reason: '尾款支付时间已结束，款项待退回' });
      const yuan = (po!.payPrice / 100).toFixed(2);
      const detail = await getOrder(s, { id: orderId });
      expect(detail.status).toBe(11);
      expect(detail.returned_payments).toEqual([{ pay_type: 6, amount: yuan, status: 'refund_due', refunded_time: null }]);
      // Another shopper reads neither the order nor its payments.
      await expect(getOrder(await newShopper(d), { id: orderId })).rejects.toMatchObject({ code: 'not_found' });

      await Promise.all([runRefundJobs(d), refundPayment(d.db, p!.paymentId, po!.payPrice)]);
      const after = await getOrder(s, { id: orderId });
      expect(after.returned_payments).toEqual([
        { pay_type: 6, amount: yuan, status: 'refunded', refunded_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      ]);
      expect(after.storeOrderStatus.filter((t) => t.change_type === 'payment_refunded')).toHaveLength(1);
    });

    it('the balance paid as the window closes: paid and shipped, or closed with its unit back and no money taken, never both', async () => {
      const d = await open();
      const hour = 3600_000;
      for (let k = 0; k < 3; k++) {
        const s = await newShopper(d);
        const { orderId } = await depositOrder(d, s, { start: new Date(Date.now() - hour), end: new Date(Date.now() + hour) });
        const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, orderId));
        await topUp(d, s.user.uid, po!.payPrice);
        const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
        const sku = { unique: item!.productAttrUnique };
        const stockBefore = await stockOf(d, sku);
        const [close] = await d.db
          .select()
          .from(job)
          .where(and(eq(job.kind, 'presell.close'), eq(job.key, String(orderId))));
        // The job's clock is past the window's end; the payment was asked for just before it.
        const [paid, closed] = await Promise.allSettled([
          payOrder(s, { id: orderId, subject: 'presell', type: 'balance' }),
          closePresell.run({ orderId }, { db: d.db, job: close!, now: new Date(Date.now() + 2 * hour) }),
        ]);
        expect(closed.status).toBe('fulfilled');
        const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId));
        const [after] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, orderId));
        if (paid.status === 'fulfilled') {
          expect(o!.status).toBe(0);
          expect(after).toMatchObject({ paid: 1, status: 1 });
          expect(await balanceOf(d, s.user.uid)).toBe(0);
          expect(await stockOf(d, sku)).toBe(stockBefore);
        } else {
          expect(paid.reason).toMatchObject({ code: 'refused', message: '尾款支付时间已结束' });
          expect(o!.status).toBe(11);
          expect(after).toMatchObject({ paid: 0, status: 0 });
          expect(await balanceOf(d, s.user.uid)).toBe(po!.payPrice);
          expect(await stockOf(d, sku)).toBe(stockBefore + item!.productNum);
        }
        expect(await ledgerOf(d, s.user.uid)).toBe(await balanceOf(d, s.user.uid));
        const timeline = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, orderId));
        expect(timeline.filter((t) => t.changeType === 'presell_final' || t.changeType === 'presell_close')).toHaveLength(1);
      }
    });
  });
}
