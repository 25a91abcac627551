// The merchant's side of refunds and the money back, on a real database: run on PGlite (refund-money.test.ts) and
// on PostgreSQL 15 (refund-money.postgres.test.ts), where concurrent approvals and cancels really race on a pool of
// connections. Each test makes its own shoppers, orders and requests and asserts on them only.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderTimeline } from '../logistics/order-timeline.ts';
import {
  job,
  payment,
  product,
  productSku,
  REFUND_STATUS,
  refundOrder,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
  systemConfig,
  userBill,
  users,
} from '../../db/schema/index.ts';
import {
  addLine,
  balanceOf,
  ledgerBalanceOf,
  newShopper,
  pickSku,
  placeOrder,
  topUp,
  type Shopper,
} from '../../../../tests/helpers/checkout.ts';
import { refundRequestForTest, shipReturnForTest } from '../../../../tests/helpers/refund-requests.ts';
import { countingGateway } from '../../../../tests/helpers/gateways.ts';
import { shipForTest } from '../../../../tests/helpers/orders.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { useQrProvider } from '../../payment/index.ts';
import { createSandboxProvider, readTicket, sandboxNotification, signNotification } from '../../payment/sandbox.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { appJobs } from '../../jobs/registry.ts';
import { payOrder } from '../payment/pay-order.ts';
import { handleNotification } from '../payment/handle-notification.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import type { MerchantContext } from '../merchant-api/context.ts';
import { shipOrder } from '../merchant-api/ship-order.ts';
import { updateShopSettings } from '../merchant-api/shop-settings.ts';
import { receiveOrder } from '../order/receive-order.ts';
import { ITEM_REFUND, recomputeRefundState } from './refund-state.ts';
import { listMerchantRefunds } from './merchant-list-refunds.ts';
import { getMerchantRefund } from './merchant-get-refund.ts';
import { approveMerchantRefund } from './merchant-approve-refund.ts';
import { refuseMerchantRefund } from './merchant-refuse-refund.ts';
import { receiveMerchantRefund } from './merchant-receive-refund.ts';
import { MERCHANT_REFUND_TEXT } from './merchant-refund-transition.ts';
import { MONEY_TEXT, payRefund, REFUND_PAY_ATTEMPTS, settleRefundPoints } from './refund-money.ts';
import { applyRefund } from './apply-refund.ts';
import { autoRefund } from './auto-refund.ts';
import { cancelRefund } from './cancel-refund.ts';
import { getRefund } from './get-refund.ts';
import { shipReturn } from './ship-return.ts';
import { formatDateTime } from '../dates.ts';
import { getIntegralInfo } from '../wallet/get-integral.ts';
import { listMoneyDue, payRefundNow } from '../operator/money-due.ts';

const KEY = 'refund-suite-key';
const sandbox = createSandboxProvider(KEY, 'http://mall.test');
const FORM = 'application/x-www-form-urlencoded';
const hour = 3_600_000;

let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}-${process.pid}-${Date.now()}`;

async function asMerchant(d: Database, merId: number): Promise<MerchantContext> {
  const merchant = await authenticateMerchant({ db: d.db, user: null, ip: freshIp() }, `Bearer ${demoMerchantToken(merId)}`);
  return { db: d.db, merchant };
}

interface Paid {
  shopper: Shopper;
  order: typeof storeOrder.$inferSelect;
  items: (typeof storeOrderProduct.$inferSelect)[];
}

async function storeOrderOf(d: Database, groupOrderId: number): Promise<Omit<Paid, 'shopper'>> {
  const [order] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, groupOrderId));
  const items = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, order!.orderId));
  return { order: order!, items };
}

/** A fresh shopper's order of merchant 1 (`lines` SKUs, `n` of each), paid from the balance. */
async function paidByBalance(
  d: Database,
  opts: { lines?: number; n?: number; integral?: number; usePoints?: boolean } = {},
): Promise<Paid> {
  const s = await newShopper(d, { integral: opts.integral ?? 0 });
  await topUp(d, s.user.uid, 10_000_000);
  const ids: number[] = [];
  const used: number[] = [];
  for (let k = 0; k < (opts.lines ?? 1); k++) {
    const sku = await pickSku(d, { merId: 1, except: used, minStock: 20 });
    used.push(sku.productId);
    ids.push(await addLine(s, sku, opts.n ?? 1));
  }
  const { order } = await placeOrder(s, ids, opts.usePoints ? { use_integral: true } : {});
  await payOrder(s, { id: order.order_id, type: 'balance' });
  return { shopper: s, ...(await storeOrderOf(d, order.order_id)) };
}

/** The stock and sales of an order item's SKU, and its product's stock. */
async function stockOf(d: Database, item: { productId: number; productAttrUnique: string }) {
  const [s] = await d.db
    .select({ stock: productSku.stock, sales: productSku.sales })
    .from(productSku)
    .where(eq(productSku.unique, item.productAttrUnique));
  const [p] = await d.db.select({ stock: product.stock, sales: product.sales }).from(product).where(eq(product.productId, item.productId));
  return { sku: s!.stock, sales: s!.sales, product: p!.stock, productSales: p!.sales };
}

/** A fresh shopper's order of merchant 1 paid by QR through the sandbox gateway (its notification processed). */
async function paidBySandbox(d: Database): Promise<Paid> {
  const s = await newShopper(d);
  const sku = await pickSku(d, { merId: 1, minStock: 20 });
  const { order } = await placeOrder(s, [await addLine(s, sku, 2)]);
  const res = await payOrder(s, { id: order.order_id, type: 'weixinQr' });
  if (res.status !== 'weixinQr') throw new Error('expected a QR answer');
  const ticket = readTicket(KEY, new URL(res.result.config).searchParams.get('t')!)!;
  const body = signNotification(KEY, sandboxNotification(ticket, 'confirm', new Date())).toString();
  expect((await handleNotification(d.db, sandbox, body, FORM)).result).toBe('paid');
  return { shopper: s, ...(await storeOrderOf(d, order.order_id)) };
}

const pointsOf = async (d: Database, uid: number) => (await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, uid)))[0]!.i;

/** The balance equals the sum of its ledger: income minus expense. */
async function expectBalanceEqualsLedger(d: Database, uid: number) {
  expect(await balanceOf(d, uid)).toBe(await ledgerBalanceOf(d, uid));
}

const refundBills = (d: Database, uid: number) =>
  d.db
    .select()
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.type, 'refund')));
const refundRow = async (d: Database, id: number) => (await d.db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, id)))[0]!;
const itemRow = async (d: Database, id: number) =>
  (await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderProductId, id)))[0]!;
const orderRow = async (d: Database, id: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, id)))[0]!;
const timelineTypes = async (d: Database, orderId: number) =>
  (await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, orderId))).map((t) => t.changeType);
const payJobs = (d: Database, refundOrderId: number) =>
  d.db
    .select()
    .from(job)
    .where(and(eq(job.kind, 'refund.pay'), eq(job.key, String(refundOrderId))));

/** Runs the refund.pay job of `refundOrderId` now (or at `at`), as the runner would. */
async function runPayJob(d: Database, at = new Date()) {
  return runDueJobs(d.db, { 'refund.pay': appJobs['refund.pay']! }, { worker: 'refund-test', now: at });
}

/** A gateway that refuses refunds while `failing`, then refunds like the sandbox; counts its calls. */
const flakyGateway = () => countingGateway(sandbox, true);

export function refundMoneySuite(open: () => Promise<Database>) {
  beforeAll(() => {
    useQrProvider('weixinQr', sandbox);
    useQrProvider('alipayQr', sandbox);
  });
  afterEach(() => {
    useQrProvider('weixinQr', sandbox);
  });

  describe('refund only, paid from the balance', () => {
    it('approve refunds at once: status 3, the balance and its ledger rise once, the item is fully refunded, the order -1', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const r = await refundRequestForTest(
        d,
        shopper,
        order.orderId,
        [{ orderProductId: items[0]!.orderProductId, num: 1 }],
        1,
        order.payPrice,
      );
      expect((await itemRow(d, items[0]!.orderProductId)).isRefund).toBe(ITEM_REFUND.inProgress);
      const m1 = await asMerchant(d, 1);
      const dto = await approveMerchantRefund(m1, { id: r.refundOrderId });
      expect(dto).toMatchObject({ status: 3, status_text: '已退款', money_state: 'done', refund_channel: 'balance', refund_type: 1 });
      expect(dto.refunded_at).toBeTruthy();
      expect(await balanceOf(d, uid)).toBe(before + order.payPrice);
      const bills = await refundBills(d, uid);
      expect(bills).toHaveLength(1);
      expect(bills[0]).toMatchObject({ category: 'now_money', pm: 1, number: order.payPrice, linkId: r.refundOrderSn, title: '退款' });
      expect(await itemRow(d, items[0]!.orderProductId)).toMatchObject({ isRefund: ITEM_REFUND.fully, refundNum: 0 });
      expect((await orderRow(d, order.orderId)).status).toBe(-1);
      const types = await timelineTypes(d, order.orderId);
      expect(types).toEqual(expect.arrayContaining(['refund_agree', 'refund_done', 'refund_all']));
      // As the order's pages read it: the shop agreed, then the order was refunded in full.
      const read = (await orderTimeline(d.db, order.orderId)).map((t) => t.change_type);
      expect(read.indexOf('refund_agree')).toBeLessThan(read.indexOf('refund_all'));

      // Again, and the job and payRefund run again: nothing moves twice.
      await expect(approveMerchantRefund(m1, { id: r.refundOrderId })).rejects.toMatchObject({
        code: 'refused',
        message: MERCHANT_REFUND_TEXT.notReview,
      });
      expect(await payJobs(d, r.refundOrderId)).toHaveLength(1);
      await runPayJob(d);
      expect(await payRefund(d.db, r.refundOrderId)).toBe('done');
      expect((await payJobs(d, r.refundOrderId))[0]!.state).toBe('done');
      expect(await balanceOf(d, uid)).toBe(before + order.payPrice);
      expect(await refundBills(d, uid)).toHaveLength(1);
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_done')).toHaveLength(1);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('before shipping, the refunded units go back on sale; once shipped, they stay with the buyer', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { n: 3 });
      const item = items[0]!;
      const m1 = await asMerchant(d, 1);
      const bought = await stockOf(d, item);
      const unshipped = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: item.orderProductId, num: 2 }], 1, 200);
      await approveMerchantRefund(m1, { id: unshipped.refundOrderId });
      expect(await stockOf(d, item)).toEqual({
        sku: bought.sku + 2,
        sales: Math.max(bought.sales - 2, 0),
        product: bought.product + 2,
        productSales: Math.max(bought.productSales - 2, 0),
      });

      await shipForTest(d, order.orderId);
      const shipped = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: item.orderProductId, num: 1 }], 1, 100);
      const whenShipped = await stockOf(d, item);
      expect(await approveMerchantRefund(m1, { id: shipped.refundOrderId })).toMatchObject({ status: 3 });
      expect(await stockOf(d, item)).toEqual(whenShipped);
    });

    it('five approvals at once refund once; the others are refused', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { n: 2 });
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const bought = await stockOf(d, items[0]!);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 100);
      const m1 = await asMerchant(d, 1);
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => approveMerchantRefund(m1, { id: r.refundOrderId })));
      expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      for (const x of results) if (x.status === 'rejected') expect(x.reason).toMatchObject({ code: 'refused' });
      await runPayJob(d);
      expect(await balanceOf(d, uid)).toBe(before + 100);
      expect(await refundBills(d, uid)).toHaveLength(1);
      // One of two refunded: partly refunded, one still refundable, the order not refunded; the unit back on sale once.
      expect(await itemRow(d, items[0]!.orderProductId)).toMatchObject({ isRefund: ITEM_REFUND.partly, refundNum: 1 });
      expect((await stockOf(d, items[0]!)).sku).toBe(bought.sku + 1);
      expect((await orderRow(d, order.orderId)).status).toBe(0);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('an approval racing the shopper’s cancel ends in one consistent state', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const r = await refundRequestForTest(
        d,
        shopper,
        order.orderId,
        [{ orderProductId: items[0]!.orderProductId, num: 1 }],
        1,
        order.payPrice,
      );
      const cancel = () =>
        d.db.transaction(async (tx) => {
          await tx.select().from(storeOrder).where(eq(storeOrder.orderId, order.orderId)).for('update');
          const moved = await tx
            .update(refundOrder)
            .set({ status: REFUND_STATUS.cancelled })
            .where(and(eq(refundOrder.refundOrderId, r.refundOrderId), eq(refundOrder.status, REFUND_STATUS.review)))
            .returning();
          await recomputeRefundState(tx, order.orderId, new Date());
          return moved.length === 1;
        });
      const [approved, cancelled] = await Promise.allSettled([
        approveMerchantRefund(await asMerchant(d, 1), { id: r.refundOrderId }),
        cancel(),
      ]);
      const row = await refundRow(d, r.refundOrderId);
      const item = await itemRow(d, items[0]!.orderProductId);
      if (approved.status === 'fulfilled') {
        expect(cancelled).toMatchObject({ status: 'fulfilled', value: false });
        expect(row).toMatchObject({ status: 3, moneyState: 'done' });
        expect(item.isRefund).toBe(ITEM_REFUND.fully);
        expect(await balanceOf(d, uid)).toBe(before + order.payPrice);
      } else {
        expect(cancelled).toMatchObject({ status: 'fulfilled', value: true });
        expect(approved.reason).toMatchObject({ code: 'refused', message: MERCHANT_REFUND_TEXT.cancelled });
        expect(row).toMatchObject({ status: -10, moneyState: 'none' });
        expect(item).toMatchObject({ isRefund: ITEM_REFUND.none, refundNum: 1 });
        expect(await balanceOf(d, uid)).toBe(before);
        expect(await payJobs(d, r.refundOrderId)).toHaveLength(0);
      }
      await expectBalanceEqualsLedger(d, uid);
    });
  });

  describe('refund only, paid through a gateway', () => {
    it('the sandbox refunds it: the gateway refund number and channel are recorded, the balance does not move', async () => {
      const d = await open();
      const { shopper, order, items } = await paidBySandbox(d);
      const [pay] = await d.db
        .select()
        .from(payment)
        .where(and(eq(payment.subjectId, order.groupOrderId), eq(payment.status, 'paid')));
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 150);
      const dto = await approveMerchantRefund(await asMerchant(d, 1), { id: r.refundOrderId });
      const expected = await sandbox.refund({
        outTradeNo: pay!.outTradeNo,
        providerTradeNo: pay!.providerTradeNo,
        refundNo: r.refundOrderSn,
        amount: 150,
        tradeAmount: pay!.amount,
        reason: '',
      });
      expect(dto).toMatchObject({ money_state: 'done', refund_channel: 'sandbox', provider_refund_no: expected.providerRefundNo });
      expect(await balanceOf(d, shopper.user.uid)).toBe(0);
      expect(await refundBills(d, shopper.user.uid)).toHaveLength(0);
      await expectBalanceEqualsLedger(d, shopper.user.uid);
    });

    it('a failing gateway: retrying with the error, the job retries with backoff and succeeds once', async () => {
      const d = await open();
      const { shopper, order, items } = await paidBySandbox(d);
      const { state, provider } = flakyGateway();
      useQrProvider('weixinQr', provider);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 120);
      const m1 = await asMerchant(d, 1);
      const dto = await approveMerchantRefund(m1, { id: r.refundOrderId });
      expect(dto).toMatchObject({ status: 3, money_state: 'retrying', money_state_text: '退款中（重试）' });
      expect(dto.money_error).toContain('网关超时');
      await runPayJob(d);
      expect((await refundRow(d, r.refundOrderId)).moneyState).toBe('retrying');
      const [j] = await payJobs(d, r.refundOrderId);
      expect(j!.state).toBe('queued');
      expect(j!.runAt.getTime()).toBeGreaterThan(Date.now());
      state.failing = false;
      await runPayJob(d, new Date(Date.now() + hour));
      expect((await payJobs(d, r.refundOrderId))[0]!.state).toBe('done');
      const row = await refundRow(d, r.refundOrderId);
      expect(row).toMatchObject({ moneyState: 'done', refundChannel: 'sandbox', moneyError: '' });
      expect(row.providerRefundNo).toMatch(/^SBR/);
      // Every call used the same refund number (the gateway's idempotency key).
      expect(new Set(state.calls.map((c) => c.refundNo))).toEqual(new Set([r.refundOrderSn]));
      await payRefund(d.db, r.refundOrderId);
      expect(state.calls).toHaveLength(3);
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_done')).toHaveLength(1);
    });

    it('paid back once when the request’s own try, a second try and the job run at once', async () => {
      const d = await open();
      const { shopper, order, items } = await paidBySandbox(d);
      const { state, provider } = flakyGateway();
      useQrProvider('weixinQr', provider);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 130);
      expect(await approveMerchantRefund(await asMerchant(d, 1), { id: r.refundOrderId })).toMatchObject({ money_state: 'retrying' });
      state.failing = false;
      const results = await Promise.allSettled([
        payRefund(d.db, r.refundOrderId),
        payRefund(d.db, r.refundOrderId),
        runPayJob(d, new Date(Date.now() + hour)),
      ]);
      expect(results.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const row = await refundRow(d, r.refundOrderId);
      expect(row).toMatchObject({ moneyState: 'done', refundChannel: 'sandbox', moneyError: '' });
      expect((await payJobs(d, r.refundOrderId))[0]!.state).toBe('done');
      // Each call asked the gateway with the request's number (its idempotency key): one refund there, one here.
      expect(new Set(state.calls.map((c) => c.refundNo))).toEqual(new Set([r.refundOrderSn]));
      expect(new Set(state.calls.map((c) => c.amount))).toEqual(new Set([130]));
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_done')).toHaveLength(1);
      expect(await balanceOf(d, shopper.user.uid)).toBe(0);
      await expectBalanceEqualsLedger(d, shopper.user.uid);
    });

    it('after the last attempt the money is failed: 退款失败，请联系客服, visible to the merchant', async () => {
      const d = await open();
      const { shopper, order, items } = await paidBySandbox(d);
      useQrProvider('weixinQr', flakyGateway().provider);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 100);
      const m1 = await asMerchant(d, 1);
      await approveMerchantRefund(m1, { id: r.refundOrderId });
      let at = Date.now();
      for (let k = 1; k <= REFUND_PAY_ATTEMPTS; k++) {
        at += 2 * hour;
        await runPayJob(d, new Date(at));
      }
      expect((await payJobs(d, r.refundOrderId))[0]!.state).toBe('failed');
      const dto = await getMerchantRefund(m1, { id: r.refundOrderId });
      expect(dto).toMatchObject({ status: 3, money_state: 'failed', money_state_text: MONEY_TEXT.failed });
      expect(dto.money_error).toContain('网关超时');
      // Whom to call about it besides the request's phone: the order's receiver, as the shop's order shows it.
      const [placed] = await d.db.select({ receiver: storeOrder.receiver }).from(storeOrder).where(eq(storeOrder.orderId, order.orderId));
      expect(placed!.receiver.phone).not.toBe('');
      expect(dto).toMatchObject({ real_name: placed!.receiver.real_name, user_phone: placed!.receiver.phone });
      expect(
        (await listMerchantRefunds(m1, { status: '3', limit: 100 })).list.find((x) => x.refund_order_id === r.refundOrderId),
      ).toMatchObject({
        money_state: 'failed',
      });

      // Support sees it, and pays it back once the gateway answers again: once, however often asked.
      const listed = (await listMoneyDue(d.db)).refunds.find((x) => x.refund_order_id === r.refundOrderId);
      expect(listed).toMatchObject({ refund_order_sn: r.refundOrderSn, money_state: 'failed', refund_price: '1.00' });
      expect(listed!.money_error).toContain('网关超时');
      await expect(payRefundNow(d.db, { id: r.refundOrderId })).rejects.toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('网关超时'),
      });
      expect((await getMerchantRefund(m1, { id: r.refundOrderId })).money_state).toBe('failed');
      const { state, provider } = flakyGateway();
      state.failing = false;
      useQrProvider('weixinQr', provider);
      expect(await payRefundNow(d.db, { id: r.refundOrderId })).toEqual({ refund_order_id: r.refundOrderId, money_state: 'done' });
      expect(await payRefundNow(d.db, { id: r.refundOrderId })).toEqual({ refund_order_id: r.refundOrderId, money_state: 'done' });
      expect(state.calls).toHaveLength(1);
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_done')).toHaveLength(1);
      expect((await listMoneyDue(d.db)).refunds.some((x) => x.refund_order_id === r.refundOrderId)).toBe(false);
      await expectBalanceEqualsLedger(d, shopper.user.uid);
    });

    it('support cannot pay a request not agreed to; an unknown or malformed id is refused', async () => {
      const d = await open();
      const { shopper, order, items } = await paidBySandbox(d);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 100);
      await expect(payRefundNow(d.db, { id: r.refundOrderId })).rejects.toMatchObject({ code: 'refused', message: '该退款单尚未同意退款' });
      await expect(payRefundNow(d.db, { id: 2147483647 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(payRefundNow(d.db, { id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
      expect((await refundRow(d, r.refundOrderId)).moneyState).toBe('none');
    });
  });

  describe('return and refund', () => {
    it('approve asks for the goods at the shop’s address; receipt only after the buyer ships; then stock and money come back', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { n: 3 });
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const item = items[0]!;
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: item.orderProductId, num: 2 }], 2, 200);
      const m1 = await asMerchant(d, 1);
      const approved = await approveMerchantRefund(m1, { id: r.refundOrderId });
      expect(approved).toMatchObject({ status: 1, status_text: '待买家退货', money_state: 'none' });
      expect(approved.mer_delivery_user).toBeTruthy();
      expect(approved.mer_delivery_phone).toBeTruthy();
      expect(approved.mer_delivery_address).toBeTruthy();
      expect(await balanceOf(d, uid)).toBe(before);
      await expect(receiveMerchantRefund(m1, { id: r.refundOrderId })).rejects.toMatchObject({
        code: 'refused',
        message: MERCHANT_REFUND_TEXT.awaitReturn,
      });

      await shipReturnForTest(d, r.refundOrderId, 'SF9988776655');
      const stock = () => stockOf(d, item);
      const stockBefore = await stock();
      const received = await receiveMerchantRefund(m1, { id: r.refundOrderId });
      expect(received).toMatchObject({ status: 3, money_state: 'done', delivery_id: 'SF9988776655' });
      const stockAfter = await stock();
      expect(stockAfter.sku).toBe(stockBefore.sku + 2);
      expect(stockAfter.product).toBe(stockBefore.product + 2);
      expect(stockAfter.sales).toBe(Math.max(stockBefore.sales - 2, 0));
      expect(await balanceOf(d, uid)).toBe(before + 200);
      expect(await itemRow(d, item.orderProductId)).toMatchObject({ isRefund: ITEM_REFUND.partly, refundNum: 1 });
      expect(await timelineTypes(d, order.orderId)).toEqual(expect.arrayContaining(['refund_agree', 'refund_receive', 'refund_done']));
      await expect(receiveMerchantRefund(m1, { id: r.refundOrderId })).rejects.toMatchObject({ message: MERCHANT_REFUND_TEXT.refunded });
      expect((await stock()).sku).toBe(stockAfter.sku);
      expect(await refundBills(d, uid)).toHaveLength(1);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('the return address may be given in the body', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 2, 1);
      // A phone the buyer could not call is refused, and the request stays under review.
      await expect(
        approveMerchantRefund(await asMerchant(d, 1), {
          id: r.refundOrderId,
          return_phone: 'abc',
          return_address: '北京市朝阳区售后路1号',
        }),
      ).rejects.toMatchObject({ code: 'invalid', message: '退货联系电话格式不正确' });
      expect((await getRefund(shopper, { id: r.refundOrderId })).status).toBe(0);
      const dto = await approveMerchantRefund(await asMerchant(d, 1), {
        id: r.refundOrderId,
        return_name: '售后部 王五',
        return_phone: '010-88886666',
        return_address: '北京市朝阳区售后路1号',
      });
      expect(dto).toMatchObject({
        mer_delivery_user: '售后部 王五',
        mer_delivery_phone: '010-88886666',
        mer_delivery_address: '北京市朝阳区售后路1号',
      });
      // The shopper's detail gives the return phone under the reference's `phone` too; their own stays `contact_phone`.
      expect(await getRefund(shopper, { id: r.refundOrderId })).toMatchObject({
        status: 1,
        mer_delivery_user: '售后部 王五',
        phone: '010-88886666',
        mer_delivery_phone: '010-88886666',
        mer_delivery_address: '北京市朝阳区售后路1号',
        contact_phone: '13800001111',
      });
    });
  });

  describe('when the merchant does not answer (refund.auto)', () => {
    const DAY = 86_400_000;
    const autoJobs = (d: Database, refundOrderId: number) =>
      d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'refund.auto'), sql`${job.key} like ${`${refundOrderId}:%`}`))
        .orderBy(job.id);
    /** Runs the request's queued automatic answers at `at`, as the runner would (only this request's jobs). */
    const runAuto = async (d: Database, refundOrderId: number, at: Date) => {
      for (const row of await autoJobs(d, refundOrderId)) {
        if (row.state === 'queued')
          await autoRefund.run(row.payload as { refundOrderId: number; status: number }, { db: d.db, job: row, now: at });
      }
    };
    const ask = (orderId: number, orderProductId: number, refundType: 1 | 2, price: number) => ({
      order_id: orderId,
      type: 1,
      refund_type: refundType,
      num: 1,
      ids: [orderProductId],
      refund_message: '不想要了',
      refund_price: (price / 100).toFixed(2),
    });

    it('agrees to a refund left under review for refund_agree_days, once: the money goes back; shown as a countdown before', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const { refund_order_id: id } = await applyRefund(shopper, ask(order.orderId, items[0]!.orderProductId, 1, order.payPrice));
      const row = await refundRow(d, id);
      const [queued] = await autoJobs(d, id);
      expect(queued).toMatchObject({ key: `${id}:0`, state: 'queued' });
      expect(queued!.runAt.getTime()).toBe(row.statusTime.getTime() + 7 * DAY);
      const shown = await getRefund(shopper, { id });
      expect(shown.auto_refund_time).toBe(formatDateTime(new Date(row.statusTime.getTime() + 7 * DAY)));
      // The merchant sees the same deadline.
      expect((await getMerchantRefund(await asMerchant(d, 1), { id })).auto_refund_time).toBe(shown.auto_refund_time);

      // Early (a clock ahead): nothing moves.
      await runAuto(d, id, new Date(row.statusTime.getTime() + 6 * DAY));
      expect((await refundRow(d, id)).status).toBe(REFUND_STATUS.review);
      // Due: agreed as the merchant would, the money back once, however often the job runs.
      const due = new Date(row.statusTime.getTime() + 7 * DAY + 60_000);
      await runAuto(d, id, due);
      await runAuto(d, id, due);
      expect(await refundRow(d, id)).toMatchObject({ status: REFUND_STATUS.refunded, moneyState: 'done' });
      expect(await balanceOf(d, uid)).toBe(before + order.payPrice);
      expect(await refundBills(d, uid)).toHaveLength(1);
      const lines = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, order.orderId));
      expect(lines.find((l) => l.changeType === 'refund_agree')?.changeMessage).toMatch(/^商家超时未处理，系统自动同意退款/);
      expect((await getRefund(shopper, { id })).auto_refund_time).toBeNull();
      await expectBalanceEqualsLedger(d, uid);
    });

    it("racing the merchant's own approval, the money goes back once", async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const { refund_order_id: id } = await applyRefund(shopper, ask(order.orderId, items[0]!.orderProductId, 1, order.payPrice));
      const m1 = await asMerchant(d, 1);
      const results = await Promise.allSettled([
        runAuto(d, id, new Date(Date.now() + 8 * DAY)),
        approveMerchantRefund(m1, { id }),
        runAuto(d, id, new Date(Date.now() + 8 * DAY)),
      ]);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'refused')).toBe(
        true,
      );
      expect((await refundRow(d, id)).status).toBe(REFUND_STATUS.refunded);
      expect(await balanceOf(d, uid)).toBe(before + order.payPrice);
      expect(await refundBills(d, uid)).toHaveLength(1);
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_agree')).toHaveLength(1);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('leaves a request the merchant answered or the shopper withdrew as it is', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const a = await paidByBalance(d);
      const refused = await applyRefund(a.shopper, ask(a.order.orderId, a.items[0]!.orderProductId, 1, 100));
      await refuseMerchantRefund(m1, { id: refused.refund_order_id, fail_message: '商品已拆封' });
      const b = await paidByBalance(d);
      const withdrawn = await applyRefund(b.shopper, ask(b.order.orderId, b.items[0]!.orderProductId, 1, 100));
      await cancelRefund(b.shopper, { id: withdrawn.refund_order_id });
      const balances = [await balanceOf(d, a.shopper.user.uid), await balanceOf(d, b.shopper.user.uid)];
      const later = new Date(Date.now() + 8 * DAY);
      await runAuto(d, refused.refund_order_id, later);
      await runAuto(d, withdrawn.refund_order_id, later);
      expect((await refundRow(d, refused.refund_order_id)).status).toBe(REFUND_STATUS.refused);
      expect((await refundRow(d, withdrawn.refund_order_id)).status).toBe(REFUND_STATUS.cancelled);
      expect([await balanceOf(d, a.shopper.user.uid), await balanceOf(d, b.shopper.user.uid)]).toEqual(balances);
      expect(await refundBills(d, a.shopper.user.uid)).toHaveLength(0);
      expect(await refundBills(d, b.shopper.user.uid)).toHaveLength(0);
    });

    it('a return: agreed to the shop’s address, then the parcel confirmed refund_agree_days after the buyer sent it', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { n: 2 });
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      await shipOrder(await asMerchant(d, 1), { id: order.orderId, delivery_type: 3 });
      const { refund_order_id: id } = await applyRefund(shopper, ask(order.orderId, items[0]!.orderProductId, 2, 100));
      await runAuto(d, id, new Date(Date.now() + 8 * DAY));
      const agreed = await refundRow(d, id);
      expect(agreed.status).toBe(REFUND_STATUS.awaitReturn);
      expect(agreed.merDeliveryAddress).toBeTruthy();
      expect((await getRefund(shopper, { id })).auto_refund_time).toBeNull();
      await shipReturn(shopper, { id, delivery_type: '顺丰速运', delivery_id: 'SF1234567890', delivery_phone: '13800001111' });
      const sent = await refundRow(d, id);
      expect((await getRefund(shopper, { id })).auto_refund_time).toBe(formatDateTime(new Date(sent.statusTime.getTime() + 7 * DAY)));
      await runAuto(d, id, new Date(sent.statusTime.getTime() + 7 * DAY + 60_000));
      expect(await refundRow(d, id)).toMatchObject({ status: REFUND_STATUS.refunded, moneyState: 'done' });
      expect(await balanceOf(d, uid)).toBe(before + 100);
      const lines = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, order.orderId));
      expect(lines.find((l) => l.changeType === 'refund_receive')?.changeMessage).toMatch(/^商家超时未确认收货，系统自动确认/);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('a return to a shop with no return address waits for it: no deadline shown, looked at each day, agreed once the shop has one', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      await updateShopSettings(m1, { mer_address: '' });
      const { shopper, order, items } = await paidByBalance(d, { n: 2 });
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      const { refund_order_id: id } = await applyRefund(shopper, ask(order.orderId, items[0]!.orderProductId, 2, 100));
      const row = await refundRow(d, id);
      // Nothing is promised that the system cannot keep: neither the shopper nor the merchant sees a deadline.
      expect((await getRefund(shopper, { id })).auto_refund_time).toBeNull();
      expect((await getMerchantRefund(m1, { id })).auto_refund_time).toBeNull();
      const late = new Date(row.statusTime.getTime() + 8 * DAY);
      await runAuto(d, id, late);
      expect((await refundRow(d, id)).status).toBe(REFUND_STATUS.review);
      expect((await autoJobs(d, id)).map((j) => j.runAt.getTime())).toContain(late.getTime() + DAY);
      // The shop sets its address: the deadline shows (passed), and the next daily look agrees the return to it.
      await updateShopSettings(m1, { mer_address: '上海市浦东新区退货路8号' });
      expect((await getRefund(shopper, { id })).auto_refund_time).toBe(formatDateTime(new Date(row.statusTime.getTime() + 7 * DAY)));
      await runAuto(d, id, new Date(late.getTime() + DAY));
      expect(await refundRow(d, id)).toMatchObject({ status: REFUND_STATUS.awaitReturn, merDeliveryAddress: '上海市浦东新区退货路8号' });
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_agree')).toHaveLength(1);
    });

    it('a returned parcel confirmed twice by the merchant and by the job at once: stock and money back once', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { n: 3 });
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      const { refund_order_id: id } = await applyRefund(shopper, { ...ask(order.orderId, items[0]!.orderProductId, 2, 200), num: 2 });
      await approveMerchantRefund(m1, { id });
      await shipReturn(shopper, { id, delivery_type: '顺丰速运', delivery_id: 'SF1234567891', delivery_phone: '13800001111' });
      const stockBefore = await stockOf(d, items[0]!);
      const sent = await refundRow(d, id);
      const results = await Promise.allSettled([
        receiveMerchantRefund(m1, { id }),
        receiveMerchantRefund(m1, { id }),
        runAuto(d, id, new Date(sent.statusTime.getTime() + 7 * DAY + 60_000)),
      ]);
      const merchants = results.slice(0, 2);
      // The job never throws for a request answered meanwhile; at most one of the three moved it.
      expect(results[2]!.status).toBe('fulfilled');
      expect(merchants.filter((x) => x.status === 'fulfilled').length).toBeLessThanOrEqual(1);
      for (const x of merchants)
        if (x.status === 'rejected') expect(x.reason).toMatchObject({ code: 'refused', message: MERCHANT_REFUND_TEXT.refunded });
      expect(await refundRow(d, id)).toMatchObject({ status: REFUND_STATUS.refunded, moneyState: 'done' });
      const lines = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, order.orderId));
      expect(lines.filter((l) => l.changeType === 'refund_receive')).toHaveLength(1);
      expect((await stockOf(d, items[0]!)).sku).toBe(stockBefore.sku + 2);
      expect((await stockOf(d, items[0]!)).product).toBe(stockBefore.product + 2);
      expect(await balanceOf(d, uid)).toBe(before + 200);
      expect(await refundBills(d, uid)).toHaveLength(1);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('an approved return whose parcel is not sent in refund_return_days closes, once; the items can be asked for again', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { n: 2 });
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      const item = items[0]!.orderProductId;
      const { refund_order_id: id } = await applyRefund(shopper, ask(order.orderId, item, 2, 100));
      await approveMerchantRefund(m1, { id });
      const approved = await refundRow(d, id);
      expect(approved.status).toBe(REFUND_STATUS.awaitReturn);
      const deadline = approved.statusTime.getTime() + 7 * DAY;
      // The buyer and the merchant see until when the goods may be sent.
      expect((await getRefund(shopper, { id })).return_end_time).toBe(formatDateTime(new Date(deadline)));
      expect((await getMerchantRefund(m1, { id })).return_end_time).toBe(formatDateTime(new Date(deadline)));

      await runAuto(d, id, new Date(deadline - 60_000));
      expect((await refundRow(d, id)).status).toBe(REFUND_STATUS.awaitReturn);
      await runAuto(d, id, new Date(deadline + 60_000));
      await runAuto(d, id, new Date(deadline + 60_000));
      expect(await refundRow(d, id)).toMatchObject({ status: REFUND_STATUS.cancelled, moneyState: 'none' });
      expect(await getRefund(shopper, { id })).toMatchObject({
        return_end_time: null,
        fail_message: '买家超时未寄回商品，售后申请已自动关闭',
      });
      expect((await timelineTypes(d, order.orderId)).filter((t) => t === 'refund_close')).toHaveLength(1);
      expect(await balanceOf(d, uid)).toBe(before);
      expect(await itemRow(d, item)).toMatchObject({ isRefund: ITEM_REFUND.none });
      // Closed, the item may be asked for again.
      const again = await applyRefund(shopper, ask(order.orderId, item, 2, 100));
      expect((await refundRow(d, again.refund_order_id)).status).toBe(REFUND_STATUS.review);
    });

    it('a return sent back in time is not closed', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      const { refund_order_id: id } = await applyRefund(shopper, ask(order.orderId, items[0]!.orderProductId, 2, 100));
      await approveMerchantRefund(m1, { id });
      const deadline = (await refundRow(d, id)).statusTime.getTime() + 7 * DAY;
      await shipReturn(shopper, { id, delivery_type: '顺丰速运', delivery_id: 'SF1234567891', delivery_phone: '13800001111' });
      expect((await getRefund(shopper, { id })).return_end_time).toBeNull();
      // The closing job, run at its time, finds the parcel on its way (the receipt's own job is not due yet).
      const [closing] = (await autoJobs(d, id)).filter((j) => j.key === `${id}:${REFUND_STATUS.awaitReturn}`);
      await autoRefund.run(
        { refundOrderId: id, status: REFUND_STATUS.awaitReturn },
        { db: d.db, job: closing!, now: new Date(deadline + 1) },
      );
      const row = await refundRow(d, id);
      expect(row.status).toBe(REFUND_STATUS.awaitReceipt);
      expect(await timelineTypes(d, order.orderId)).not.toContain('refund_close');
    });
  });

  describe('refusal', () => {
    it('refuses with a reason: status -1, the item refundable again, no money, a timeline line; only from review', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 100);
      const m1 = await asMerchant(d, 1);
      await expect(refuseMerchantRefund(m1, { id: r.refundOrderId })).rejects.toMatchObject({ code: 'invalid', message: '请填写拒绝原因' });
      await expect(refuseMerchantRefund(m1, { id: r.refundOrderId, fail_message: '好'.repeat(201) })).rejects.toMatchObject({
        code: 'invalid',
        message: '拒绝原因不能超过200个字',
      });
      // The buyer reads it on their own screen: no terminal escapes or other control characters.
      await expect(refuseMerchantRefund(m1, { id: r.refundOrderId, fail_message: '不行\u001b[2J' })).rejects.toMatchObject({
        code: 'invalid',
        message: '拒绝原因不能包含特殊控制字符',
      });
      const dto = await refuseMerchantRefund(m1, { id: r.refundOrderId, fail_message: '商品已使用，不支持退款' });
      expect(dto).toMatchObject({ status: -1, status_text: '已拒绝', fail_message: '商品已使用，不支持退款', money_state: 'none' });
      expect(await itemRow(d, items[0]!.orderProductId)).toMatchObject({ isRefund: ITEM_REFUND.none, refundNum: 1 });
      expect(await timelineTypes(d, order.orderId)).toContain('refund_refuse');
      await expect(approveMerchantRefund(m1, { id: r.refundOrderId })).rejects.toMatchObject({ message: MERCHANT_REFUND_TEXT.refused });
      expect(await payJobs(d, r.refundOrderId)).toHaveLength(0);
      await expectBalanceEqualsLedger(d, shopper.user.uid);
    });
  });

  describe('points on a full refund', () => {
    it('the points the order used come back and the points its receipt gave are taken back, once', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { integral: 500, usePoints: true });
      const uid = shopper.user.uid;
      expect(order.integral).toBeGreaterThan(0);
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      expect(await receiveOrder(d.db, order.orderId, { uid })).toBe(true);
      const [given] = await d.db
        .select()
        .from(userBill)
        .where(and(eq(userBill.uid, uid), eq(userBill.type, 'order_give')));
      const afterReceipt = await pointsOf(d, uid);
      const r = await refundRequestForTest(
        d,
        shopper,
        order.orderId,
        [{ orderProductId: items[0]!.orderProductId, num: 1 }],
        1,
        order.payPrice,
      );
      await approveMerchantRefund(m1, { id: r.refundOrderId });
      const earned = given?.number ?? 0;
      expect(await pointsOf(d, uid)).toBe(afterReceipt + order.integral - earned);
      const bills = await d.db
        .select()
        .from(userBill)
        .where(
          and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), inArray(userBill.linkId, [String(order.orderId), r.refundOrderSn])),
        );
      expect(bills.find((b) => b.type === 'refund_integral')).toMatchObject({ pm: 1, number: order.integral });
      if (earned > 0) expect(bills.find((b) => b.type === 'refund_give_back')).toMatchObject({ pm: 0, number: earned });
      expect((await orderRow(d, order.orderId)).status).toBe(-1);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('a full refund racing the order’s receipt: the money back once, the points used back once, no points earned kept', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { integral: 500, usePoints: true });
      const uid = shopper.user.uid;
      const before = await balanceOf(d, uid);
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      const r = await refundRequestForTest(
        d,
        shopper,
        order.orderId,
        [{ orderProductId: items[0]!.orderProductId, num: 1 }],
        1,
        order.payPrice,
      );
      const [approved, received] = await Promise.allSettled([
        approveMerchantRefund(m1, { id: r.refundOrderId }),
        receiveOrder(d.db, order.orderId, { uid }),
      ]);
      expect(approved).toMatchObject({ status: 'fulfilled', value: { status: 3, money_state: 'done' } });
      expect(received.status).toBe('fulfilled');
      expect((await orderRow(d, order.orderId)).status).toBe(-1);
      expect(await balanceOf(d, uid)).toBe(before + order.payPrice);
      expect(await refundBills(d, uid)).toHaveLength(1);
      // Received first or not at all: whatever the receipt gave is taken back, and the points the order used are back.
      const bills = await d.db
        .select()
        .from(userBill)
        .where(
          and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), inArray(userBill.linkId, [String(order.orderId), r.refundOrderSn])),
        );
      const given = bills.filter((b) => b.type === 'order_give');
      expect(given).toHaveLength((received as PromiseFulfilledResult<boolean>).value ? 1 : 0);
      expect(bills.filter((b) => b.type === 'refund_give_back').map((b) => b.number)).toEqual(given.map((b) => b.number));
      expect(bills.filter((b) => b.type === 'refund_integral').map((b) => b.number)).toEqual([order.integral]);
      expect(await pointsOf(d, uid)).toBe(500);
      await expectBalanceEqualsLedger(d, uid);
    });

    it('earned points already spent are taken back only as far as they are left', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const uid = shopper.user.uid;
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      await receiveOrder(d.db, order.orderId, { uid });
      const earned = await pointsOf(d, uid);
      expect(earned).toBeGreaterThan(1);
      // The shopper spent all but one point (as a checkout would, with its ledger row).
      await d.db.transaction(async (tx) => {
        await tx.update(users).set({ integral: 1 }).where(eq(users.uid, uid));
        await tx.insert(userBill).values({
          uid,
          category: 'integral',
          type: 'deduction',
          pm: 0,
          number: earned - 1,
          balance: 1,
          linkId: 'test-spend',
          title: '积分抵扣',
        });
      });
      const r = await refundRequestForTest(
        d,
        shopper,
        order.orderId,
        [{ orderProductId: items[0]!.orderProductId, num: 1 }],
        1,
        order.payPrice,
      );
      await approveMerchantRefund(m1, { id: r.refundOrderId });
      expect(await pointsOf(d, uid)).toBe(0);
      const [back] = await d.db
        .select()
        .from(userBill)
        .where(and(eq(userBill.uid, uid), eq(userBill.type, 'refund_give_back')));
      expect(back).toMatchObject({ number: 1, balance: 0 });
    });
  });

  describe('points on partial refunds', () => {
    /** The points ledger rows a refund (or an order, `link` its id) moved. */
    const pointBills = (d: Database, uid: number, link: string) =>
      d.db
        .select()
        .from(userBill)
        .where(and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.linkId, link)));
    const movedBy = async (d: Database, uid: number, sn: string) => {
      const bills = await pointBills(d, uid, sn);
      const of = (type: string) => bills.filter((b) => b.type === type);
      expect(of('refund_integral').length).toBeLessThanOrEqual(1);
      expect(of('refund_give_back').length).toBeLessThanOrEqual(1);
      return { back: of('refund_integral')[0]?.number ?? 0, taken: of('refund_give_back')[0]?.number ?? 0 };
    };
    /** A received order of merchant 1, 2 lines of 3 units, points used at checkout and earned at the receipt. */
    const received = async (d: Database) => {
      const paid = await paidByBalance(d, { lines: 2, n: 3, integral: 5000, usePoints: true });
      const uid = paid.shopper.user.uid;
      expect(paid.order.integral).toBeGreaterThan(0);
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: paid.order.orderId, delivery_type: 3 });
      expect(await receiveOrder(d.db, paid.order.orderId, { uid })).toBe(true);
      const given = (await pointBills(d, uid, String(paid.order.orderId))).find((b) => b.type === 'order_give');
      expect(given?.number).toBeGreaterThan(0);
      return { ...paid, uid, m1, earned: given!.number };
    };

    it('each refund gives back the points used on its items and takes back what their receipt gave; refunds of the whole order move what a full refund moves', async () => {
      const d = await open();
      const { shopper, order, items, uid, m1, earned } = await received(d);
      const afterReceipt = await pointsOf(d, uid);
      const [a, b] = [items[0]!.orderProductId, items[1]!.orderProductId];
      const steps = [
        [{ orderProductId: a, num: 1 }],
        [
          { orderProductId: a, num: 2 },
          { orderProductId: b, num: 1 },
        ],
        [{ orderProductId: b, num: 2 }],
      ];
      const moved: { back: number; taken: number }[] = [];
      for (const step of steps) {
        const r = await refundRequestForTest(d, shopper, order.orderId, step, 1, 1);
        await approveMerchantRefund(m1, { id: r.refundOrderId });
        const m = await movedBy(d, uid, r.refundOrderSn);
        moved.push(m);
        // The refund's detail says what it moved.
        expect(await getRefund(shopper, { id: r.refundOrderId })).toMatchObject({ refund_integral: m.back, give_back_integral: m.taken });
      }
      // One unit of six: some of the points, not all, and not waiting for the rest of the order.
      expect(moved[0]!.back).toBeGreaterThan(0);
      expect(moved[0]!.back).toBeLessThan(order.integral / 2);
      expect(moved[0]!.taken).toBeGreaterThan(0);
      expect(moved[0]!.taken).toBeLessThan(earned / 2);
      expect(moved[1]!.back).toBeGreaterThan(0);
      expect(moved[1]!.taken).toBeGreaterThan(0);
      // Together, exactly what one full refund moves: every point used back, every point earned taken.
      expect(moved.reduce((x, m) => x + m.back, 0)).toBe(order.integral);
      expect(moved.reduce((x, m) => x + m.taken, 0)).toBe(earned);
      expect(await pointsOf(d, uid)).toBe(afterReceipt + order.integral - earned);
      expect((await orderRow(d, order.orderId)).status).toBe(-1);
    });

    it('the merchant’s refund detail and list show the points each refund gave back and took back', async () => {
      const d = await open();
      const { shopper, order, items, uid, m1 } = await received(d);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 1);
      // Not refunded yet: nothing moved.
      expect(await getMerchantRefund(m1, { id: r.refundOrderId })).toMatchObject({ refund_integral: 0, give_back_integral: 0 });
      await approveMerchantRefund(m1, { id: r.refundOrderId });
      const m = await movedBy(d, uid, r.refundOrderSn);
      expect(m.back).toBeGreaterThan(0);
      expect(m.taken).toBeGreaterThan(0);
      const shown = { refund_integral: m.back, give_back_integral: m.taken };
      expect(await getMerchantRefund(m1, { id: r.refundOrderId })).toMatchObject(shown);
      const listed = (await listMerchantRefunds(m1, { status: '3', limit: 100 })).list.find((x) => x.refund_order_id === r.refundOrderId);
      expect(listed).toMatchObject(shown);
      // What the shopper reads of the same refund.
      expect(await getRefund(shopper, { id: r.refundOrderId })).toMatchObject(shown);
    });

    it('a full refund from before refunds were linked (its points rows linked to the order) shows what it moved; an order refunded whole by several shows none of it twice', async () => {
      const d = await open();
      /** Links `sn`'s points rows to `link`, as the points step wrote them before refunds were linked (the order's id). */
      const relink = (uid: number, sn: string, link: string) =>
        d.db
          .update(userBill)
          .set({ linkId: link })
          .where(and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.linkId, sn)));
      const whole = await received(d);
      const r = await refundRequestForTest(
        d,
        whole.shopper,
        whole.order.orderId,
        whole.items.map((i) => ({ orderProductId: i.orderProductId, num: i.productNum })),
        1,
        1,
      );
      await approveMerchantRefund(whole.m1, { id: r.refundOrderId });
      const m = await movedBy(d, whole.uid, r.refundOrderSn);
      expect(m).toEqual({ back: whole.order.integral, taken: whole.earned });
      await relink(whole.uid, r.refundOrderSn, String(whole.order.orderId));
      const shown = { refund_integral: m.back, give_back_integral: m.taken };
      expect(await getRefund(whole.shopper, { id: r.refundOrderId })).toMatchObject(shown);
      expect(await getMerchantRefund(whole.m1, { id: r.refundOrderId })).toMatchObject(shown);

      // Refunded whole by two requests, the second moving every point: which one did is not recorded, so neither says.
      const split = await received(d);
      const [a, b] = split.items;
      const r1 = await refundRequestForTest(d, split.shopper, split.order.orderId, [{ orderProductId: a!.orderProductId, num: 3 }], 1, 1);
      await approveMerchantRefund(split.m1, { id: r1.refundOrderId });
      const r2 = await refundRequestForTest(d, split.shopper, split.order.orderId, [{ orderProductId: b!.orderProductId, num: 3 }], 1, 1);
      await approveMerchantRefund(split.m1, { id: r2.refundOrderId });
      await relink(split.uid, r1.refundOrderSn, 'test-unlinked');
      await relink(split.uid, r2.refundOrderSn, String(split.order.orderId));
      for (const id of [r1.refundOrderId, r2.refundOrderId]) {
        expect(await getRefund(split.shopper, { id })).toMatchObject({ refund_integral: 0, give_back_integral: 0 });
        expect(await getMerchantRefund(split.m1, { id })).toMatchObject({ refund_integral: 0, give_back_integral: 0 });
      }
    });

    it('an order received after a refund of some of its items earns none of its points for them; refunded whole later, its points end as after one full refund', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d, { lines: 2, n: 3, integral: 5000, usePoints: true });
      const uid = shopper.user.uid;
      const m1 = await asMerchant(d, 1);
      await shipOrder(m1, { id: order.orderId, delivery_type: 3 });
      const [a, b] = [items[0]!.orderProductId, items[1]!.orderProductId];
      const r1 = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: a, num: 1 }], 1, 1);
      await approveMerchantRefund(m1, { id: r1.refundOrderId });
      const beforeReceipt = await pointsOf(d, uid);
      // Shown frozen until the receipt: what it will leave the shopper, not the points of the whole payment.
      const frozen = (await getIntegralInfo(shopper)).lockIntegral;
      expect(await receiveOrder(d.db, order.orderId, { uid })).toBe(true);
      const earned = (await pointBills(d, uid, String(order.orderId))).find((x) => x.type === 'order_give')!.number;
      const first = await movedBy(d, uid, r1.refundOrderSn);
      expect(frozen).toBe(earned - first.taken);
      expect((await getIntegralInfo(shopper)).lockIntegral).toBe(0);
      expect(first.back).toBeGreaterThan(0);
      expect(first.taken).toBeGreaterThan(0);
      expect(first.taken).toBeLessThan(earned / 2);
      expect(await pointsOf(d, uid)).toBe(beforeReceipt + earned - first.taken);
      expect(await getRefund(shopper, { id: r1.refundOrderId })).toMatchObject({ give_back_integral: first.taken });
      const r2 = await refundRequestForTest(
        d,
        shopper,
        order.orderId,
        [
          { orderProductId: a, num: 2 },
          { orderProductId: b, num: 3 },
        ],
        1,
        1,
      );
      await approveMerchantRefund(m1, { id: r2.refundOrderId });
      const second = await movedBy(d, uid, r2.refundOrderSn);
      expect(first.back + second.back).toBe(order.integral);
      expect(first.taken + second.taken).toBe(earned);
      expect((await orderRow(d, order.orderId)).status).toBe(-1);
    });

    it('approved by the merchant and by refund.auto at once, its money paid by its own try and the job, and settled again: its points move once', async () => {
      const d = await open();
      const { shopper, order, items, uid, m1 } = await received(d);
      const before = await pointsOf(d, uid);
      const { refund_order_id: id } = await applyRefund(shopper, {
        order_id: order.orderId,
        type: 1,
        refund_type: 1,
        num: 1,
        ids: [items[0]!.orderProductId],
        refund_message: '不想要了',
        refund_price: '0.01',
      });
      const later = new Date(Date.now() + 8 * 86_400_000);
      const autoAgree = async () => {
        const rows = await d.db
          .select()
          .from(job)
          .where(and(eq(job.kind, 'refund.auto'), eq(job.key, `${id}:0`)));
        for (const row of rows)
          await autoRefund.run(row.payload as { refundOrderId: number; status: number }, { db: d.db, job: row, now: later });
      };
      const payJob = () => runDueJobs(d.db, { 'refund.pay': appJobs['refund.pay']! }, { worker: 'points-test', now: new Date() });
      const results = await Promise.allSettled([
        approveMerchantRefund(m1, { id }),
        autoAgree(),
        approveMerchantRefund(m1, { id }),
        payJob(),
      ]);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'refused')).toBe(
        true,
      );
      await payJob();
      const row = await refundRow(d, id);
      expect(row).toMatchObject({ status: REFUND_STATUS.refunded, moneyState: 'done' });
      // A retry of the points step itself finds them moved.
      await d.db.transaction((tx) => settleRefundPoints(tx, row, false, new Date()));
      const m = await movedBy(d, uid, row.refundOrderSn);
      expect(m.back).toBeGreaterThan(0);
      expect(m.taken).toBeGreaterThan(0);
      expect(await pointsOf(d, uid)).toBe(before + m.back - m.taken);
      expect(await refundBills(d, uid)).toHaveLength(1);
    });

    it('an order coupons and points paid in full (¥0) takes refund requests for ¥0, and they give its points back', async () => {
      const d = await open();
      const rate = await d.db.select().from(systemConfig).where(eq(systemConfig.key, 'integral_max_rate'));
      await d.db
        .insert(systemConfig)
        .values({ key: 'integral_max_rate', value: 100 })
        .onConflictDoUpdate({ target: systemConfig.key, set: { value: 100 } });
      try {
        const s = await newShopper(d, { integral: 10_000_000 });
        const lines: number[] = [];
        const used: number[] = [];
        for (let k = 0; k < 2; k++) {
          const sku = await pickSku(d, { merId: 1, except: used, minStock: 20 });
          used.push(sku.productId);
          lines.push(await addLine(s, sku, 1));
        }
        // Picked up at the shop (no postage), the points pay everything: paid at once.
        const { order: g } = await placeOrder(s, lines, {
          use_integral: true,
          takes: [1],
          post: { real_name: '李四', phone: '13900001111' },
        });
        const { order, items } = await storeOrderOf(d, g.order_id);
        expect(order).toMatchObject({ paid: true, payPrice: 0 });
        expect(order.integral).toBeGreaterThan(0);
        const uid = s.user.uid;
        const afterOrder = await pointsOf(d, uid);
        const m1 = await asMerchant(d, 1);
        const ask = (orderProductId: number, price: string) => ({
          order_id: order.orderId,
          type: 1,
          refund_type: 1,
          num: 1,
          ids: [orderProductId],
          refund_message: '不想要了',
          refund_price: price,
        });
        // Nothing to pay back: ¥0.01 is too much, ¥0 is what is asked.
        await expect(applyRefund(s, ask(items[0]!.orderProductId, '0.01'))).rejects.toMatchObject({ message: '退款金额超过最多可退金额' });
        const sns: string[] = [];
        for (const item of items) {
          const { refund_order_id: id } = await applyRefund(s, ask(item.orderProductId, '0'));
          await approveMerchantRefund(m1, { id });
          const shown = await getRefund(s, { id });
          expect(shown).toMatchObject({ status: 3, refund_price: '0.00', money_state: 'done', money_state_text: '实付¥0，无款项退回' });
          expect(shown.refund_integral).toBeGreaterThan(0);
          sns.push(shown.refund_order_sn);
        }
        // Both lines' points back, the first with its own request: every point the order used.
        const moved = await Promise.all(sns.map((sn) => movedBy(d, uid, sn)));
        expect(moved[0]!.back).toBeLessThan(order.integral);
        expect(moved.reduce((x, m) => x + m.back, 0)).toBe(order.integral);
        expect(await pointsOf(d, uid)).toBe(afterOrder + order.integral);
        expect(await refundBills(d, uid)).toHaveLength(0);
        expect((await orderRow(d, order.orderId)).status).toBe(-1);
      } finally {
        if (rate.length) await d.db.update(systemConfig).set({ value: rate[0]!.value }).where(eq(systemConfig.key, 'integral_max_rate'));
        else await d.db.delete(systemConfig).where(eq(systemConfig.key, 'integral_max_rate'));
      }
    });
  });

  describe('the merchant API', () => {
    it('lists and shows only its own requests, by status; another merchant gets a 404 and cannot act', async () => {
      const d = await open();
      const { shopper, order, items } = await paidByBalance(d);
      const r = await refundRequestForTest(d, shopper, order.orderId, [{ orderProductId: items[0]!.orderProductId, num: 1 }], 1, 100);
      const m1 = await asMerchant(d, 1);
      const m2 = await asMerchant(d, 2);
      const list = await listMerchantRefunds(m1, { status: '0', limit: 100 });
      const found = list.list.find((x) => x.refund_order_id === r.refundOrderId);
      expect(found).toMatchObject({
        refund_order_sn: r.refundOrderSn,
        order_id: order.orderId,
        order_sn: order.orderSn,
        refund_type: 1,
        refund_num: 1,
        refund_price: '1.00',
        refund_message: '不想要了',
        phone: '13800001111',
        status: 0,
        status_text: '待审核',
      });
      expect(found!.refundProduct).toHaveLength(1);
      expect(found!.refundProduct[0]!.product.cart_info.product.store_name).toBeTruthy();
      expect(list.list.every((x) => x.status === 0)).toBe(true);
      expect((await listMerchantRefunds(m2, { limit: 100 })).list.some((x) => x.refund_order_id === r.refundOrderId)).toBe(false);
      expect((await getMerchantRefund(m1, { id: r.refundOrderId })).refund_order_id).toBe(r.refundOrderId);
      for (const call of [
        () => getMerchantRefund(m2, { id: r.refundOrderId }),
        () => approveMerchantRefund(m2, { id: r.refundOrderId }),
        () => refuseMerchantRefund(m2, { id: r.refundOrderId, fail_message: '不行' }),
        () => receiveMerchantRefund(m2, { id: r.refundOrderId }),
        () => getMerchantRefund(m1, { id: 2147483647 }),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'not_found', message: '退款单不存在' });
      }
      expect((await refundRow(d, r.refundOrderId)).status).toBe(0);
      await expect(listMerchantRefunds(m1, { status: '7' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listMerchantRefunds(m1, { limit: '1000' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(getMerchantRefund(m1, { id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(approveMerchantRefund(m1, { id: '-1' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(approveMerchantRefund(m1, { id: r.refundOrderId, return_address: ['x'] as never })).rejects.toMatchObject({
        code: 'invalid',
      });
      await expect(approveMerchantRefund(m1, { id: r.refundOrderId, return_address: '仓库\u001b]0;x\u0007' })).rejects.toMatchObject({
        message: '退货地址不能包含特殊控制字符',
      });
      await expect(refuseMerchantRefund(m1, { id: r.refundOrderId, fail_message: 12 as never })).rejects.toMatchObject({ code: 'invalid' });
    });

    it('a missing, unknown or revoked token is a 401 before anything is read', async () => {
      const d = await open();
      await expect(authenticateMerchant({ db: d.db, user: null, ip: freshIp() }, null)).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(authenticateMerchant({ db: d.db, user: null, ip: freshIp() }, 'Bearer mf_nope')).rejects.toMatchObject({
        code: 'unauthorized',
      });
      await expect(listMerchantRefunds({ db: d.db, merchant: null }, {})).rejects.toMatchObject({ code: 'unauthorized' });
    });
  });
}
