// Refunds of presales a shop made itself through the merchant API, on a real database: run on PGlite
// (presell-refund.test.ts) and on PostgreSQL 15 (presell-refund.postgres.test.ts), where approvals and the refund.auto
// job really race on a pool of connections. Each test makes its own product, presale and shopper and asserts on them
// only. The clock (Date only) is held still at the moment the test starts and moved on where a test says so.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { asMerchant, depositPresellBody, fullPresellBody, twoSkuProduct, uniqueOf } from '../../../../tests/helpers/merchant-api.ts';
import { balanceOf, newShopper, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import type { Database } from '../../db/client.ts';
import {
  job,
  ORDER_STATUS,
  presellOrder,
  product,
  productSku,
  REFUND_STATUS,
  refundOrder,
  storeOrder,
  storeOrderProduct,
  userBill,
} from '../../db/schema/index.ts';
import { REFUND_TEXT } from '../../../shared/refund.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { appJobs } from '../../jobs/registry.ts';
import { createCart } from '../cart/create-cart.ts';
import type { MerchantContext } from '../merchant-api/context.ts';
import { createMerchantPresell, setMerchantPresellStatus } from '../merchant-api/presell-writes.ts';
import { createShippingTemplate } from '../merchant-api/shipping-templates.ts';
import type { MerchantPresellDto } from '../merchant-api/presells.ts';
import type { MerchantProductDto } from '../merchant-api/products.ts';
import { closePresell } from '../payment/close-presell.ts';
import { payOrder } from '../payment/pay-order.ts';
import { applyRefund } from './apply-refund.ts';
import { autoRefund } from './auto-refund.ts';
import { approveMerchantRefund } from './merchant-approve-refund.ts';
import { MERCHANT_REFUND_TEXT } from './merchant-refund-transition.ts';
import { getRefundProduct, listRefundableItems } from './refundable-items.ts';
import { ITEM_REFUND } from './refund-state.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const depositBody = (origin: MerchantProductDto) => depositPresellBody(origin);
const fullBody = (origin: MerchantProductDto) => fullPresellBody(origin, 10);

/** Shop `merId` makes a presale of a new product of its own (`body`) and puts it on the shelf. */
async function shopPresale(d: Database, merId: number, body: (o: MerchantProductDto) => Record<string, unknown>) {
  const m = await asMerchant(d, merId);
  const origin = await twoSkuProduct(d, m, '预售退款保温杯');
  const p = await createMerchantPresell(m, body(origin));
  await setMerchantPresellStatus(m, { id: p.product_presell_id, status: 1 });
  return { m, origin, p };
}

/** A new shopper's paid order of `n` × `sku` of presale `p` ("buy now", paid from the balance): the store order and its line. */
async function buyPresale(d: Database, p: MerchantPresellDto, sku: string, n: number) {
  const s = await newShopper(d);
  await topUp(d, s.user.uid, 1_000_000);
  const { cart_id } = await createCart(s, {
    product_id: p.product_presell_id,
    product_attr_unique: uniqueOf(p, sku),
    cart_num: n,
    is_new: 1,
    product_type: 2,
  });
  const { order } = await placeOrder(s, [cart_id]);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  const [line] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o!.orderId));
  return { s, order: o!, line: line! };
}

/** Pays the balance of deposit order `orderId` in its window (tomorrow), then holds the clock there. */
async function payBalance(s: Shopper, orderId: number) {
  vi.setSystemTime(new Date(Date.now() + DAY + HOUR));
  await payOrder(s, { id: orderId, subject: 'presell', type: 'balance' });
}

const ask = (orderId: number, orderProductId: number, num: number, cents: number) => ({
  order_id: orderId,
  type: 1,
  refund_type: 1,
  num,
  ids: [orderProductId],
  refund_message: '不想要了',
  refund_price: (cents / 100).toFixed(2),
});

const refundBills = (d: Database, uid: number) =>
  d.db
    .select()
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.type, 'refund')));
const orderRow = async (d: Database, id: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, id)))[0]!;
const refundRow = async (d: Database, id: number) => (await d.db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, id)))[0]!;

/** Stock and sales of a SKU (by `unique`) and of its product. */
async function stockOf(d: Database, unique: string) {
  const [s] = await d.db
    .select({ stock: productSku.stock, sales: productSku.sales, productId: productSku.productId })
    .from(productSku)
    .where(eq(productSku.unique, unique));
  const [p] = await d.db.select({ stock: product.stock, sales: product.sales }).from(product).where(eq(product.productId, s!.productId));
  return { sku: s!.stock, skuSales: s!.sales, product: p!.stock, productSales: p!.sales };
}

/** Runs the request's queued refund.auto jobs at `when`, as the runner would (only this request's). */
async function runAuto(d: Database, refundOrderId: number, when: Date) {
  const rows = await d.db
    .select()
    .from(job)
    .where(and(eq(job.kind, 'refund.auto'), sql`${job.key} like ${`${refundOrderId}:%`}`));
  for (const row of rows) {
    if (row.state === 'queued')
      await autoRefund.run(row.payload as { refundOrderId: number; status: number }, { db: d.db, job: row, now: when });
  }
}

/** Approval by the merchant, again: refused as already handled; the pay job runs again: nothing moves twice. */
async function expectOnce(d: Database, m: MerchantContext, id: number) {
  await expect(approveMerchantRefund(m, { id })).rejects.toMatchObject({ code: 'refused', message: MERCHANT_REFUND_TEXT.notReview });
  await runDueJobs(d.db, { 'refund.pay': appJobs['refund.pay']! }, { worker: 'presell-refund-test', now: new Date() });
}

export function presellRefundSuite(open: () => Promise<Database>) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Math.floor(Date.now() / 1000) * 1000));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('a refund of a presale the shop made', () => {
    it('full payment: the shopper asks for all of it, the merchant approves; the money and the presale SKU’s stock come back once', async () => {
      const d = await open();
      const { m, origin, p } = await shopPresale(d, 2, fullBody);
      const grey = uniqueOf(p, '灰色');
      const before = await stockOf(d, grey);
      const originBefore = await stockOf(d, uniqueOf(origin, '灰色'));
      const { s, order, line } = await buyPresale(d, p, '灰色', 2);
      const uid = s.user.uid;
      expect(order).toMatchObject({ paid: true, status: ORDER_STATUS.toShip });
      expect(line).toMatchObject({ productId: p.product_id, productAttrUnique: grey, productNum: 2 });
      expect((await stockOf(d, grey)).sku).toBe(before.sku - 2);

      const [item] = await listRefundableItems(s, { order_id: order.orderId });
      expect(item).toMatchObject({ order_product_id: line.orderProductId, refund_num: 2, refund_price: (order.payPrice / 100).toFixed(2) });
      await expect(applyRefund(s, ask(order.orderId, line.orderProductId, 2, order.payPrice + 1))).rejects.toMatchObject({
        status: 400,
        message: REFUND_TEXT.tooMuch,
      });
      const paidOut = await balanceOf(d, uid);
      const { refund_order_id: id } = await applyRefund(s, ask(order.orderId, line.orderProductId, 2, order.payPrice));
      expect(await approveMerchantRefund(m, { id })).toMatchObject({ status: 3, money_state: 'done', refund_channel: 'balance' });
      await expectOnce(d, m, id);

      expect(await balanceOf(d, uid)).toBe(paidOut + order.payPrice);
      expect((await refundBills(d, uid)).map((b) => b.number)).toEqual([order.payPrice]);
      expect(await orderRow(d, order.orderId)).toMatchObject({ status: -1 });
      // Back on the presale's own SKU, once; the product it copies keeps its stock.
      expect(await stockOf(d, grey)).toEqual(before);
      expect(await stockOf(d, uniqueOf(origin, '灰色'))).toEqual(originBefore);
    });

    it('deposit only: no refund while the balance is unpaid, nor once the order is closed unpaid (the deposit is not refundable), nothing is asked', async () => {
      const d = await open();
      const { p } = await shopPresale(d, 9, depositBody);
      const grey = uniqueOf(p, '灰色');
      const before = await stockOf(d, grey);
      const { s, order, line } = await buyPresale(d, p, '灰色', 2);
      expect(order).toMatchObject({ paid: true, status: ORDER_STATUS.presellBalance, payPrice: 4000 });

      // Only the deposit paid: nothing to ask for, and asking is refused (the reference hides the button on status 10).
      expect(await listRefundableItems(s, { order_id: order.orderId })).toEqual([]);
      await expect(getRefundProduct(s, { order_id: order.orderId, ids: String(line.orderProductId) })).rejects.toMatchObject({
        status: 400,
        message: REFUND_TEXT.presell,
      });
      await expect(applyRefund(s, ask(order.orderId, line.orderProductId, 2, 4000))).rejects.toMatchObject({
        status: 400,
        message: REFUND_TEXT.presell,
      });
      expect(await d.db.select().from(refundOrder).where(eq(refundOrder.orderId, order.orderId))).toEqual([]);
      expect(await stockOf(d, grey)).toEqual({
        sku: before.sku - 2,
        skuSales: before.skuSales + 2,
        product: before.product - 2,
        productSales: before.productSales + 2,
      });

      // The balance window closes unpaid (status 11): the units go back on sale, the deposit stays forfeited.
      const [closeJob] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'presell.close'), eq(job.key, String(order.orderId))));
      await closePresell.run({ orderId: order.orderId }, { db: d.db, job: closeJob!, now: new Date(Date.now() + 4 * DAY) });
      expect(await orderRow(d, order.orderId)).toMatchObject({ status: ORDER_STATUS.presellClosed });
      const money = await balanceOf(d, s.user.uid);
      expect(await listRefundableItems(s, { order_id: order.orderId })).toEqual([]);
      await expect(applyRefund(s, ask(order.orderId, line.orderProductId, 2, 4000))).rejects.toMatchObject({
        status: 400,
        message: REFUND_TEXT.presell,
      });
      expect(await d.db.select().from(refundOrder).where(eq(refundOrder.orderId, order.orderId))).toEqual([]);
      expect(await balanceOf(d, s.user.uid)).toBe(money);
      expect((await stockOf(d, grey)).sku).toBe(before.sku);
    });

    it('migration 0021 gives a line paid the old way (its pay_price still the deposit) its balance, and leaves other lines alone', async () => {
      const d = await open();
      const { p } = await shopPresale(d, 9, depositBody);
      const paid = await buyPresale(d, p, '灰色', 2);
      const unpaid = await buyPresale(d, p, '灰色', 1);
      const lineOf = async (id: number) =>
        (await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderProductId, id)))[0]!;
      const deposit = (await lineOf(paid.line.orderProductId)).payPrice;
      const unpaidBefore = await lineOf(unpaid.line.orderProductId);
      await payBalance(paid.s, paid.order.orderId);
      const full = (await lineOf(paid.line.orderProductId)).payPrice;
      expect([deposit, full]).toEqual([2 * 2000, 2 * 9900]);
      // Back to what paying the balance left before 18a037b, then the migration's own SQL.
      await d.db.update(storeOrderProduct).set({ payPrice: deposit }).where(eq(storeOrderProduct.orderProductId, paid.line.orderProductId));
      const repair = readFileSync(new URL('../../db/migrations/0021_presell_line_balance.sql', import.meta.url), 'utf8');
      await d.db.execute(sql.raw(repair));
      expect((await lineOf(paid.line.orderProductId)).payPrice).toBe(full);
      expect(await lineOf(unpaid.line.orderProductId)).toEqual(unpaidBefore);
      const [item] = await listRefundableItems(paid.s, { order_id: paid.order.orderId });
      expect(item).toMatchObject({ refund_num: 2, refund_price: '198.00' });
    });

    it('deposit and balance paid: the shopper asks for all of it, the merchant approves; deposit and balance come back, the stock once', async () => {
      const d = await open();
      const { m, origin, p } = await shopPresale(d, 13, depositBody);
      const grey = uniqueOf(p, '灰色');
      const before = await stockOf(d, grey);
      const originBefore = await stockOf(d, uniqueOf(origin, '灰色'));
      const { s, order, line } = await buyPresale(d, p, '灰色', 2);
      const uid = s.user.uid;
      await payBalance(s, order.orderId);
      expect(await orderRow(d, order.orderId)).toMatchObject({ status: ORDER_STATUS.toShip, payPrice: 2 * 9900 });
      const paidOut = await balanceOf(d, uid);
      // The whole price may be asked back now: the deposit and the balance.
      const [item] = await listRefundableItems(s, { order_id: order.orderId });
      expect(item).toMatchObject({ refund_num: 2, refund_price: '198.00' });
      expect(await getRefundProduct(s, { order_id: order.orderId, ids: String(line.orderProductId) })).toMatchObject({
        total_refund_price: '198.00',
        max_by_num: ['99.00', '198.00'],
      });
      const { refund_order_id: id } = await applyRefund(s, ask(order.orderId, line.orderProductId, 2, 2 * 9900));
      expect(await approveMerchantRefund(m, { id })).toMatchObject({ status: 3, money_state: 'done', refund_price: '198.00' });
      await expectOnce(d, m, id);

      expect(await balanceOf(d, uid)).toBe(paidOut + 2 * 9900);
      expect((await refundBills(d, uid)).map((b) => b.number)).toEqual([2 * 9900]);
      expect(await orderRow(d, order.orderId)).toMatchObject({ status: -1 });
      const [after] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderProductId, line.orderProductId));
      expect(after).toMatchObject({ isRefund: ITEM_REFUND.fully, refundNum: 0 });
      expect(await stockOf(d, grey)).toEqual(before);
      expect(await stockOf(d, uniqueOf(origin, '灰色'))).toEqual(originBefore);
    });

    it('postage of a deposit presale comes with the balance, not the deposit, and comes back with the rest while unshipped', async () => {
      const d = await open();
      const { m, p } = await shopPresale(d, 12, depositBody);
      // ¥8 for the first unit, ¥2 for each more, everywhere: ¥10 for two.
      const t = await createShippingTemplate(m, {
        name: `预售运费${process.pid}`,
        type: 1,
        free_price: '0',
        undelivered: [],
        region: [{ regions: [], first: 1, first_price: '8', continue: 1, continue_price: '2' }],
      });
      await d.db.update(product).set({ tempId: t.temp_id, deliveryFree: false }).where(eq(product.productId, p.product_id));
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 1_000_000);
      const { cart_id } = await createCart(s, {
        product_id: p.product_presell_id,
        product_attr_unique: uniqueOf(p, '灰色'),
        cart_num: 2,
        is_new: 1,
        product_type: 2,
      });
      const { check, order: placed } = await placeOrder(s, [cart_id]);
      // The check shows the postage, due with the balance: the deposit alone is paid now.
      expect(check).toMatchObject({ order_total_postage: '10.00', order_price: '40.00', presell_final_price: '168.00' });
      expect(check.order[0]!.order).toMatchObject({ postage_price: '10.00', pay_price: '40.00' });
      expect(placed.pay_price).toBe('40.00');
      await payOrder(s, { id: placed.order_id, type: 'balance' });
      const [order] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, placed.order_id));
      expect(order).toMatchObject({ status: ORDER_STATUS.presellBalance, payPrice: 4000, totalPostage: 1000 });
      const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, order!.orderId));
      expect(po!.payPrice).toBe(2 * 9900 - 4000 + 1000);

      await payBalance(s, order!.orderId);
      expect(await orderRow(d, order!.orderId)).toMatchObject({ status: ORDER_STATUS.toShip, payPrice: 2 * 9900 + 1000 });
      const [line] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, order!.orderId));
      expect(line).toMatchObject({ payPrice: 2 * 9900 + 1000, postagePrice: 1000 });
      // Not shipped: the goods and the postage may be asked back, and come back once.
      const [item] = await listRefundableItems(s, { order_id: order!.orderId });
      expect(item).toMatchObject({ refund_num: 2, refund_price: '208.00', postage_price: '10.00' });
      const paidOut = await balanceOf(d, s.user.uid);
      const { refund_order_id: id } = await applyRefund(s, ask(order!.orderId, line!.orderProductId, 2, 2 * 9900 + 1000));
      expect(await approveMerchantRefund(m, { id })).toMatchObject({ status: 3, money_state: 'done', refund_price: '208.00' });
      await expectOnce(d, m, id);
      expect(await balanceOf(d, s.user.uid)).toBe(paidOut + 2 * 9900 + 1000);
      expect((await refundBills(d, s.user.uid)).map((b) => b.number)).toEqual([2 * 9900 + 1000]);
    });

    it('deposit and balance paid, one unit of two asked back: its deposit and balance (¥99) come back, the other unit stays refundable', async () => {
      const d = await open();
      const { m, p } = await shopPresale(d, 10, depositBody);
      const grey = uniqueOf(p, '灰色');
      const before = await stockOf(d, grey);
      const { s, order, line } = await buyPresale(d, p, '灰色', 2);
      await payBalance(s, order.orderId);
      const paidOut = await balanceOf(d, s.user.uid);
      await expect(applyRefund(s, ask(order.orderId, line.orderProductId, 1, 9901))).rejects.toMatchObject({
        status: 400,
        message: REFUND_TEXT.tooMuch,
      });
      const { refund_order_id: id } = await applyRefund(s, ask(order.orderId, line.orderProductId, 1, 9900));
      await approveMerchantRefund(m, { id });
      expect(await balanceOf(d, s.user.uid)).toBe(paidOut + 9900);
      expect((await stockOf(d, grey)).sku).toBe(before.sku - 1);
      const [item] = await listRefundableItems(s, { order_id: order.orderId });
      expect(item).toMatchObject({ refund_num: 1, refund_price: '99.00' });
      expect((await orderRow(d, order.orderId)).status).toBe(ORDER_STATUS.toShip);
    });

    it('approvals racing each other and the refund.auto job: refunded once, the money and the stock back once', async () => {
      const d = await open();
      const { m, p } = await shopPresale(d, 11, depositBody);
      const grey = uniqueOf(p, '灰色');
      const before = await stockOf(d, grey);
      const { s, order, line } = await buyPresale(d, p, '灰色', 3);
      await payBalance(s, order.orderId);
      const uid = s.user.uid;
      const paidOut = await balanceOf(d, uid);
      const { refund_order_id: id } = await applyRefund(s, ask(order.orderId, line.orderProductId, 3, 3 * 9900));
      const late = new Date(Date.now() + 8 * DAY);
      const results = await Promise.allSettled([
        approveMerchantRefund(m, { id }),
        runAuto(d, id, late),
        approveMerchantRefund(m, { id }),
        approveMerchantRefund(await asMerchant(d, 11), { id }),
        runAuto(d, id, late),
      ]);
      const approvals = [results[0]!, results[2]!, results[3]!];
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'refused' });
      expect(approvals.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
      await runDueJobs(d.db, { 'refund.pay': appJobs['refund.pay']! }, { worker: 'presell-refund-test', now: new Date() });

      expect(await refundRow(d, id)).toMatchObject({ status: REFUND_STATUS.refunded, moneyState: 'done' });
      expect(await balanceOf(d, uid)).toBe(paidOut + 3 * 9900);
      expect((await refundBills(d, uid)).map((b) => b.number)).toEqual([3 * 9900]);
      expect(await stockOf(d, grey)).toEqual(before);
    });
  });
}
