// The shopper's paid orders on a real database: run on PGlite (my-orders.test.ts) and on PostgreSQL 15
// (my-orders.postgres.test.ts). Each test makes its own shoppers and orders, so tests sharing one PostgreSQL server
// do not meet; a test that changes an operator setting puts it back.
import { describe, it, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { job, ORDER_STATUS, storeGroupOrder, storeOrder, storeOrderProduct, systemConfig, userBill } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { depositOrder, paidOrder, pointsOf, presaleCartLine, setStatusForTest, shipForTest } from '../../../../tests/helpers/orders.ts';
import { payOrder } from '../payment/pay-order.ts';
import { closePresell } from '../payment/close-presell.ts';
import { countOrders } from './count-orders.ts';
import { listOrders, listPresellOrders } from './list-orders.ts';
import { listGroupOrders } from './list-group-orders.ts';
import { getOrder } from './get-order.ts';
import { takeOrder } from './take-order.ts';
import { deleteOrder } from './delete-order.ts';
import { autoReceive, receiveOrder } from './receive-order.ts';
import { formatDateTime } from '../dates.ts';
import { applyRefund } from '../refund/apply-refund.ts';
import { cancelRefund } from '../refund/cancel-refund.ts';
import { refuseMerchantRefund } from '../refund/merchant-refuse-refund.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { getGroupOrder } from './get-group-order.ts';

const DAY = 86_400_000;
const ids = (page: { list: { order_id: number }[] }) => page.list.map((o) => o.order_id);
/** Store orders as the lists give them: groups newest first (as given), and within a group the higher id first. */
const newestFirst = (...groups: number[][]) => groups.flatMap((g) => [...g].sort((x, y) => y - x));

async function unpaidOrder(d: Database, s: Shopper, merId = 1) {
  const sku = await pickSku(d, { merId });
  const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
  return order.order_id;
}

/** An unpaid order of `n` units of a presale on sale now of `presellType` (1 full payment, 2 deposit). */
async function unpaidPresale(d: Database, s: Shopper, presellType: 1 | 2, n = 2) {
  const { cartId: cart_id, row } = await presaleCartLine(d, s, presellType, n);
  const { order } = await placeOrder(s, [cart_id]);
  return { groupOrderId: order.order_id, ...row };
}

let ipSeq = 0;
/** The merchant API's context of a demo shop, as its token authenticates it. */
async function asMerchant(d: Database, merId: number) {
  const ip = `198.51.100.${++ipSeq}-${process.pid}-${Date.now()}`;
  return { db: d.db, merchant: await authenticateMerchant({ db: d.db, user: null, ip }, `Bearer ${demoMerchantToken(merId)}`) };
}

/** The shopper asks for ¥0.01 back on one unit of the order's first item (a refund request in progress). */
async function askRefund(d: Database, s: Shopper, orderId: number) {
  const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
  return applyRefund(s, {
    order_id: orderId,
    type: 1,
    refund_type: 1,
    num: 1,
    ids: [item!.orderProductId],
    refund_message: '不想要了',
    refund_price: '0.01',
  });
}

/** Runs `fn` with operator settings changed, then puts the old values back (the PostgreSQL database is shared). */
async function withSettings(d: Database, values: Record<string, unknown>, fn: () => Promise<void>): Promise<void> {
  const before = await d.db.select().from(systemConfig);
  for (const [key, value] of Object.entries(values)) {
    await d.db.insert(systemConfig).values({ key, value }).onConflictDoUpdate({ target: systemConfig.key, set: { value } });
  }
  try {
    await fn();
  } finally {
    for (const key of Object.keys(values)) {
      const old = before.find((r) => r.key === key);
      if (old) await d.db.update(systemConfig).set({ value: old.value }).where(eq(systemConfig.key, key));
      else await d.db.delete(systemConfig).where(eq(systemConfig.key, key));
    }
  }
}

const givenPoints = (d: Database, uid: number, orderId: number) =>
  d.db
    .select()
    .from(userBill)
    .where(
      and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.type, 'order_give'), eq(userBill.linkId, String(orderId))),
    );

const statusOf = async (d: Database, orderId: number) =>
  (await d.db.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.status;

const payOf = async (d: Database, orderId: number) =>
  (await d.db.select({ pay: storeOrder.payPrice }).from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.pay;

export function myOrdersSuite(open: () => Promise<Database>) {
  describe('counts and lists', () => {
    it('counts each tab and filters by the reference status values, newest first', async () => {
      const d = await open();
      const s = await newShopper(d);
      const first = await paidOrder(d, s, [1, 2, 3]);
      const second = await paidOrder(d, s, [1, 2]);
      const [toShip, shipped, received] = first.orderIds;
      const [done, refunded] = second.orderIds;
      await shipForTest(d, shipped!);
      await shipForTest(d, received!);
      await receiveOrder(d.db, received!, { uid: s.user.uid });
      await setStatusForTest(d, done!, ORDER_STATUS.done);
      await setStatusForTest(d, refunded!, ORDER_STATUS.refunded);
      const presale = await depositOrder(d, s);
      const unpaid = await unpaidOrder(d, s);

      // `all` is what the reference's 全部 tab lists (status -2: paid, not the presale); the unpaid order is noPay.
      expect(await countOrders(s)).toEqual({ all: 5, noPay: 1, noPostage: 1, noDeliver: 1, noComment: 1, done: 1, refund: 0 });
      expect((await countOrders(s)).all).toBe((await listOrders(s, { status: '-2' })).count);
      const paidShown = newestFirst(second.orderIds, first.orderIds);
      expect(ids(await listOrders(s, {}))).toEqual([presale.orderId, ...paidShown]);
      expect(ids(await listOrders(s, { status: '-2' }))).toEqual(paidShown);
      expect(ids(await listOrders(s, { status: 0 }))).toEqual([toShip]);
      expect(ids(await listOrders(s, { status: '1' }))).toEqual([shipped]);
      expect(ids(await listOrders(s, { status: '2' }))).toEqual([received]);
      expect(ids(await listOrders(s, { status: '3' }))).toEqual([done]);
      expect(ids(await listOrders(s, { status: '-1' }))).toEqual([refunded]);
      expect(ids(await listOrders(s, { status: '10' }))).toEqual([presale.orderId]);
      expect((await listOrders(s, { status: '1' })).count).toBe(1);
      // The unpaid order is a group order: in the group list, not in the paid one.
      expect((await listGroupOrders(s, {})).list.map((g) => g.group_order_id)).toEqual([unpaid]);

      // A refund request in progress is counted (the 售后 tab).
      await askRefund(d, s, toShip!);
      expect((await countOrders(s)).refund).toBe(1);

      // What a list entry carries (reference `/user/order_list`).
      const [entry] = (await listOrders(s, { status: '1' })).list;
      expect(entry).toMatchObject({
        order_id: shipped,
        group_order_id: first.groupOrderId,
        status: 1,
        order_type: 0,
        paid: 1,
        pay_type: 0,
        total_num: 1,
        mer_id: 2,
        merchant: { mer_id: 2, mer_name: expect.any(String) },
        presellOrder: null,
        delivery_type: 1,
        delivery_name: '顺丰速运',
        delivery_id: expect.stringMatching(/^SF/),
        verify_code: '',
      });
      expect(entry!.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(entry!.pay_price).toMatch(/^\d+\.\d\d$/);
      expect(entry!.orderProduct).toHaveLength(1);
      expect(entry!.orderProduct[0]).toMatchObject({
        product_num: 1,
        is_refund: 0,
        refund_num: 1,
        is_reply: 0,
        product_attr_unique: expect.any(String),
        cart_info: {
          product: { store_name: expect.any(String), image: expect.any(String), refund_switch: 1 },
          productAttr: { sku: expect.any(String) },
        },
      });
      // The reference's 再次购买 sends a row's product_sku as product_attr_unique: it is the SKU bought.
      const [shippedLine] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, shipped!));
      expect(entry!.orderProduct[0]!.product_sku).toBe(shippedLine!.productAttrUnique);
      expect(entry!.orderProduct[0]!.product_sku).toBe(entry!.orderProduct[0]!.product_attr_unique);

      // Another shopper sees none of it.
      const other = await newShopper(d);
      expect(await countOrders(other)).toEqual({ all: 0, noPay: 0, noPostage: 0, noDeliver: 0, noComment: 0, done: 0, refund: 0 });
      expect(await listOrders(other, {})).toEqual({ count: 0, list: [] });
      expect(await listGroupOrders(other, {})).toEqual({ count: 0, list: [] });
    });

    it('pages 10 by default, newest first, and refuses a bad status or limit clearly', async () => {
      const d = await open();
      const s = await newShopper(d);
      const a = await paidOrder(d, s, [1, 2, 3]);
      const b = await paidOrder(d, s, [1]);
      const all = newestFirst(b.orderIds, a.orderIds);
      expect(ids(await listOrders(s, {}))).toEqual(all);
      const p1 = await listOrders(s, { page: 1, limit: 3 });
      const p2 = await listOrders(s, { page: '2', limit: '3' });
      expect(p1.count).toBe(4);
      expect(p2.count).toBe(4);
      expect([...ids(p1), ...ids(p2)]).toEqual(all);
      expect((await listOrders(s, { page: 3, limit: 3 })).list).toEqual([]);
      await expect(listOrders(s, { status: '5' })).rejects.toMatchObject({ code: 'invalid', message: '订单状态不正确' });
      await expect(listOrders(s, { status: 'x' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listOrders(s, { limit: 101 })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listOrders(s, { page: 0 })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listOrders({ db: d.db, user: null }, {})).rejects.toMatchObject({ code: 'login_required' });
    });

    it('lists unpaid orders with their parts and countdown; an overdue one is cancelled when read', async () => {
      const d = await open();
      const s = await newShopper(d);
      const older = await unpaidOrder(d, s, 1);
      const newer = await unpaidOrder(d, s, 2);
      const page = await listGroupOrders(s, {});
      expect(page.count).toBe(2);
      expect(page.list.map((g) => g.group_order_id)).toEqual([newer, older]);
      const g = page.list[0]!;
      expect(g).toMatchObject({ paid: 0, is_cancel: 0, orderList: [{ mer_id: 2, orderProduct: [{ product_num: 1 }] }] });
      const [part] = await d.db.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.groupOrderId, newer));
      const [line] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, part!.id));
      expect(g.orderList[0]!.orderProduct[0]!.product_sku).toBe(line!.productAttrUnique);
      // Not a presale: nothing of one.
      expect(g).toMatchObject({ presell_type: 0, orderList: [{ presell_type: 0, presellOrder: null }] });
      expect(g.orderList[0]!.orderProduct[0]!.cart_info).toMatchObject({ productPresell: null, productPresellAttr: null });
      expect(g.cancel_unix).toBeGreaterThan(Date.now() / 1000);
      expect((await listGroupOrders(s, { page: 2, limit: 1 })).list.map((x) => x.group_order_id)).toEqual([older]);

      await d.db
        .update(storeGroupOrder)
        .set({ cancelTime: new Date(Date.now() - 1000) })
        .where(eq(storeGroupOrder.groupOrderId, older));
      expect((await countOrders(s)).noPay).toBe(1);
      expect((await listGroupOrders(s, {})).list.map((x) => x.group_order_id)).toEqual([newer]);
      const [row] = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, older));
      expect(row!.isCancel).toBe(true);
    });
  });

  describe('detail', () => {
    it("shows the shopper's own paid order with amounts, receiver, timeline and refund state; anything else is a 404", async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds, groupOrderId } = await paidOrder(d, s, [1], 2);
      const id = orderIds[0]!;
      const o = await getOrder(s, { id });
      expect(o).toMatchObject({
        order_id: id,
        group_order_id: groupOrderId,
        status: 0,
        paid: 1,
        pay_type: 0,
        total_num: 2,
        real_name: '张三',
        user_phone: '13800001111',
        user_address: expect.stringContaining('东华门大街1号'),
        mark: '',
        remark: '',
        receipt: null,
        delivery_type: null,
        take_time: null,
        refund_status: 1,
        refund_reason: '',
        presellOrder: null,
      });
      const [line] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, id));
      expect(o.orderProduct.map((i) => i.product_sku)).toEqual([line!.productAttrUnique]);
      for (const k of ['pay_postage', 'coupon_price', 'integral_price', 'svip_discount', 'pay_price', 'total_price'] as const) {
        expect(o[k], k).toMatch(/^\d+\.\d\d$/);
      }
      expect(o.storeOrderStatus.map((t) => t.change_type)).toEqual(['create', 'pay_success']);
      expect(o.storeOrderStatus[1]!.change_message).toBe('余额支付成功');

      const other = await newShopper(d);
      await expect(getOrder(other, { id })).rejects.toMatchObject({ code: 'not_found', message: '订单不存在' });
      await expect(getOrder(s, { id: 2147483647 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(getOrder(s, { id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
      // An unpaid order's store order is not a paid order (its page is /order_stay_detail).
      const unpaid = await unpaidOrder(d, s);
      const [part] = await d.db.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.groupOrderId, unpaid));
      await expect(getOrder(s, { id: part!.id })).rejects.toMatchObject({ code: 'not_found' });
    });

    it("carries the shop's reason for refusing the latest refused refund request", async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [1], 2);
      const id = orderIds[0]!;
      const ask = () => askRefund(d, s, id);
      const m1 = await asMerchant(d, 1);
      const first = await ask();
      expect((await getOrder(s, { id })).refund_reason).toBe('');
      await refuseMerchantRefund(m1, { id: first.refund_order_id, fail_message: '商品已拆封' });
      expect((await getOrder(s, { id })).refund_reason).toBe('商品已拆封');
      // Asked again: the last refusal stays until the shop answers this one; refused again, its reason replaces it.
      const second = await ask();
      expect((await getOrder(s, { id })).refund_reason).toBe('商品已拆封');
      await refuseMerchantRefund(m1, { id: second.refund_order_id, fail_message: '已超过退款时间' });
      const o = await getOrder(s, { id });
      expect(o.refund_reason).toBe('已超过退款时间');
      // The timeline keeps both, as before.
      expect(o.storeOrderStatus.filter((t) => t.change_type === 'refund_refuse').map((t) => t.change_message)).toEqual([
        expect.stringContaining('商品已拆封'),
        expect.stringContaining('已超过退款时间'),
      ]);
      // Another order of the shopper carries none of it.
      const other = await paidOrder(d, s, [1]);
      expect((await getOrder(s, { id: other.orderIds[0]! })).refund_reason).toBe('');
    });

    it('allows a refund until shipped, and for refund_days after receipt', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [1]);
      const id = orderIds[0]!;
      const { dueAt } = await shipForTest(d, id);
      expect(await getOrder(s, { id })).toMatchObject({ refund_status: 1, auto_take_time: formatDateTime(dueAt) });
      await takeOrder(s, { id });
      expect(await getOrder(s, { id })).toMatchObject({ refund_status: 1, auto_take_time: null });
      await d.db
        .update(storeOrder)
        .set({ takeTime: new Date(Date.now() - 8 * DAY) })
        .where(eq(storeOrder.orderId, id));
      expect((await getOrder(s, { id })).refund_status).toBe(0);
      await withSettings(d, { refund_days: 30 }, async () => {
        expect((await getOrder(s, { id })).refund_status).toBe(1);
      });
      const presale = await depositOrder(d, s);
      expect((await getOrder(s, { id: presale.orderId })).refund_status).toBe(0);
    });
  });

  describe('confirm receipt', () => {
    it('receives a shipped order once, with its points and ledger row; other states are refused', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [1]);
      const id = orderIds[0]!;
      await expect(takeOrder(s, { id })).rejects.toMatchObject({ code: 'refused', message: '未发货的订单不能确认收货' });
      await shipForTest(d, id);
      const other = await newShopper(d);
      await expect(takeOrder(other, { id })).rejects.toMatchObject({ code: 'not_found' });
      const before = await pointsOf(d, s.user.uid);
      await takeOrder(s, { id });
      const o = await getOrder(s, { id });
      expect(o.status).toBe(2);
      expect(o.take_time).not.toBeNull();
      expect(o.storeOrderStatus.at(-1)).toMatchObject({ change_type: 'take_delivery', change_message: '用户已确认收货' });
      const points = Math.floor((await payOf(d, id)) / 100);
      expect(points).toBeGreaterThan(0);
      const after = await pointsOf(d, s.user.uid);
      expect(after.integral).toBe(before.integral + points);
      expect(after.ledger).toBe(after.integral);
      const bills = await givenPoints(d, s.user.uid, id);
      expect(bills).toHaveLength(1);
      expect(bills[0]).toMatchObject({ pm: 1, number: points, balance: after.integral, title: '确认收货赠送积分' });
      await expect(takeOrder(s, { id })).rejects.toMatchObject({ code: 'refused', message: '订单已确认收货，请勿重复操作' });
      expect((await pointsOf(d, s.user.uid)).integral).toBe(after.integral);
      expect(await countOrders(s)).toMatchObject({ noDeliver: 0, noComment: 1 });

      await setStatusForTest(d, id, ORDER_STATUS.refunded);
      await expect(takeOrder(s, { id })).rejects.toThrow('订单已退款，不能确认收货');
      const presale = await depositOrder(d, s);
      await expect(takeOrder(s, { id: presale.orderId })).rejects.toThrow('预售订单尚未支付尾款，不能确认收货');
    });

    it('five confirmations at once receive once and give the points once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [2]);
      const id = orderIds[0]!;
      await shipForTest(d, id);
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => takeOrder(s, { id })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'refused' });
      expect(await givenPoints(d, s.user.uid, id)).toHaveLength(1);
      const p = await pointsOf(d, s.user.uid);
      expect(p.integral).toBe(Math.floor((await payOf(d, id)) / 100));
      expect(p.ledger).toBe(p.integral);
    });

    it('gives points as the site says: per yuan paid, none when off or zero', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [1, 2, 3]);
      for (const id of orderIds) await shipForTest(d, id);
      const [a, b, c] = orderIds as [number, number, number];
      await withSettings(d, { order_give_integral: 3 }, () => takeOrder(s, { id: a }));
      expect((await givenPoints(d, s.user.uid, a))[0]!.number).toBe(Math.floor(((await payOf(d, a)) * 3) / 100));
      await withSettings(d, { order_give_integral: 0 }, () => takeOrder(s, { id: b }));
      await withSettings(d, { integral_status: 0 }, () => takeOrder(s, { id: c }));
      expect(await givenPoints(d, s.user.uid, b)).toEqual([]);
      expect(await givenPoints(d, s.user.uid, c)).toEqual([]);
      expect([await statusOf(d, b), await statusOf(d, c)]).toEqual([2, 2]);
      const p = await pointsOf(d, s.user.uid);
      expect(p.ledger).toBe(p.integral);
    });
  });

  describe('delete', () => {
    it('hides a finished order from lists, counts and detail; unfinished ones are refused', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [1, 2, 3]);
      const [toShip, shipped, done] = orderIds as [number, number, number];
      await shipForTest(d, shipped);
      await setStatusForTest(d, done, ORDER_STATUS.done);
      for (const id of [toShip, shipped]) {
        await expect(deleteOrder(s, { id })).rejects.toMatchObject({ code: 'refused', message: '订单未完成，不能删除' });
      }
      const other = await newShopper(d);
      await expect(deleteOrder(other, { id: done })).rejects.toMatchObject({ code: 'not_found' });
      expect((await countOrders(s)).done).toBe(1);
      // Not while a refund request on it is being handled: its refund page links to the order.
      const refund = await askRefund(d, s, done);
      await expect(deleteOrder(s, { id: done })).rejects.toMatchObject({ code: 'refused', message: '该订单有售后正在处理，暂不能删除' });
      await cancelRefund(s, { id: refund.refund_order_id });
      await deleteOrder(s, { id: done });
      expect(await countOrders(s)).toMatchObject({ all: 2, done: 0 });
      expect(ids(await listOrders(s, {}))).not.toContain(done);
      expect(ids(await listOrders(s, { status: '3' }))).toEqual([]);
      await expect(getOrder(s, { id: done })).rejects.toMatchObject({ code: 'not_found' });
      await expect(deleteOrder(s, { id: done })).rejects.toMatchObject({ code: 'not_found' });
      await setStatusForTest(d, toShip, ORDER_STATUS.refunded);
      await deleteOrder(s, { id: toShip });
      expect(ids(await listOrders(s, {}))).toEqual([shipped]);
    });
  });

  describe('automatic receipt (order.receive)', () => {
    const handlers = { 'order.receive': autoReceive };

    it('receives a shipped order when due, once, even when run twice or after the shopper', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [1, 2]);
      const [a, b] = orderIds as [number, number];
      const { dueAt } = await shipForTest(d, a, { at: new Date(Date.now() - 8 * DAY) });
      await shipForTest(d, b, { at: new Date(Date.now() - 8 * DAY) });
      await takeOrder(s, { id: b });
      const now = new Date(dueAt.getTime() + 1000);
      await runDueJobs(d.db, handlers, { worker: 'test', now });
      const o = await getOrder(s, { id: a });
      expect(o.status).toBe(2);
      expect(o.storeOrderStatus.find((t) => t.change_type === 'take_delivery')!.change_message).toBe('系统自动确认收货');
      const [row] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.receive'), eq(job.key, String(a))));
      expect(row).toMatchObject({ state: 'done', attempts: 1 });
      // A second run (a crash after the work, a duplicate) changes nothing.
      await autoReceive.run({ orderId: a }, { db: d.db, job: row!, now });
      await autoReceive.run({ orderId: b }, { db: d.db, job: row!, now });
      expect(await givenPoints(d, s.user.uid, a)).toHaveLength(1);
      expect(await givenPoints(d, s.user.uid, b)).toHaveLength(1);
      expect((await getOrder(s, { id: b })).storeOrderStatus.filter((t) => t.change_type === 'take_delivery')).toHaveLength(1);
      const p = await pointsOf(d, s.user.uid);
      expect(p.ledger).toBe(p.integral);
      await expect(takeOrder(s, { id: a })).rejects.toThrow('订单已确认收货，请勿重复操作');
    });

    it('waits while a refund request of the order is open, looking again each day, and receives once it is closed', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [4]);
      const id = orderIds[0]!;
      const { dueAt } = await shipForTest(d, id, { at: new Date(Date.now() - 8 * DAY) });
      const refund = await askRefund(d, s, id);
      const now = new Date(dueAt.getTime() + 1000);
      await runDueJobs(d.db, handlers, { worker: 'test', now });
      expect(await statusOf(d, id)).toBe(1);
      expect(await givenPoints(d, s.user.uid, id)).toHaveLength(0);
      const tomorrow = new Date(now.getTime() + DAY);
      const [again] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.receive'), eq(job.key, `${id}@${tomorrow.getTime()}`)));
      expect(again).toMatchObject({ state: 'queued', runAt: tomorrow });
      // The shopper withdraws the request: the next day's look receives the order.
      await cancelRefund(s, { id: refund.refund_order_id });
      await runDueJobs(d.db, handlers, { worker: 'test', now: tomorrow });
      expect(await statusOf(d, id)).toBe(2);
      expect(await givenPoints(d, s.user.uid, id)).toHaveLength(1);
    });

    it('racing a refund request: received before it (points once), or waiting for it with no points, never both', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [4]);
      const id = orderIds[0]!;
      const { dueAt } = await shipForTest(d, id, { at: new Date(Date.now() - 8 * DAY) });
      const now = new Date(dueAt.getTime() + 1000);
      const [, asked] = await Promise.allSettled([runDueJobs(d.db, handlers, { worker: 'test', now }), askRefund(d, s, id)]);
      // The request is taken either way (a received order is still within its refund window).
      expect(asked.status).toBe('fulfilled');
      const tomorrow = new Date(now.getTime() + DAY);
      const waiting = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.receive'), eq(job.key, `${id}@${tomorrow.getTime()}`)));
      if ((await statusOf(d, id)) === 2) {
        expect(await givenPoints(d, s.user.uid, id)).toHaveLength(1);
        expect(waiting).toHaveLength(0);
      } else {
        expect(await statusOf(d, id)).toBe(1);
        expect(await givenPoints(d, s.user.uid, id)).toHaveLength(0);
        expect(waiting).toHaveLength(1);
      }
      const p = await pointsOf(d, s.user.uid);
      expect(p.ledger).toBe(p.integral);
    });

    it('run before the order is due, it receives nothing and runs again at the due time', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [3]);
      const id = orderIds[0]!;
      const { dueAt } = await shipForTest(d, id);
      const [row] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.receive'), eq(job.key, String(id))));
      expect(row!.runAt.getTime()).toBe(dueAt.getTime());
      // A runner whose clock is a day ahead of the shipper's claims it early.
      await autoReceive.run({ orderId: id }, { db: d.db, job: row!, now: new Date(dueAt.getTime() - DAY) });
      expect(await statusOf(d, id)).toBe(1);
      const [retry] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.receive'), eq(job.key, `${id}@${dueAt.getTime()}`)));
      expect(retry).toMatchObject({ state: 'queued', runAt: dueAt, payload: { orderId: id } });
      await runDueJobs(d.db, handlers, { worker: 'test', now: new Date(dueAt.getTime() - 1000) });
      expect(await statusOf(d, id)).toBe(1);
      await runDueJobs(d.db, handlers, { worker: 'test', now: dueAt });
      expect(await statusOf(d, id)).toBe(2);
      expect(await givenPoints(d, s.user.uid, id)).toHaveLength(1);
    });
  });

  describe('presale deposit orders', () => {
    it('shows an unpaid presale as awaiting its deposit or its payment, with both stages of a deposit', async () => {
      const d = await open();
      const s = await newShopper(d);
      const dep = await unpaidPresale(d, s, 2, 2);
      const g = await getGroupOrder(s, { id: dep.groupOrderId });
      expect(g.presell_type).toBe(2);
      const part = g.orderList[0]!;
      expect(part).toMatchObject({ activity_type: 2, presell_type: 2 });
      // As CRMEB's clients read it: orderList[0].orderProduct[0].cart_info.productPresell.presell_type.
      expect(part.orderProduct[0]!.cart_info).toMatchObject({
        productPresell: { presell_type: 2, final_start_time: formatDateTime(dep.finalStart), final_end_time: formatDateTime(dep.finalEnd) },
        productPresellAttr: {
          presell_price: (dep.price / 100).toFixed(2),
          down_price: (dep.down / 100).toFixed(2),
          final_price: ((dep.price - dep.down) / 100).toFixed(2),
        },
      });
      // Stage 1 is the order's pay_price (the deposit), stage 2 its presellOrder.pay_price (the balance).
      expect(dep.down).toBeGreaterThan(0);
      expect(part.pay_price).toBe(((dep.down * 2) / 100).toFixed(2));
      expect(g.pay_price).toBe(part.pay_price);
      expect(part.presellOrder).toEqual({
        presell_order_sn: '',
        pay_price: (((dep.price - dep.down) * 2) / 100).toFixed(2),
        deposit_price: part.pay_price,
        final_start_time: formatDateTime(dep.finalStart),
        final_end_time: formatDateTime(dep.finalEnd),
        final_start_unix: expect.any(Number),
        final_end_unix: expect.any(Number),
        activeStatus: 0,
        paid: 0,
        pay_time: null,
      });
      // The unpaid list gives the same.
      expect((await listGroupOrders(s, {})).list.find((x) => x.group_order_id === dep.groupOrderId)).toEqual(g);

      // Paid, the balance is what the shopper was told, now recorded.
      await topUp(d, s.user.uid, dep.down * 2);
      await payOrder(s, { id: dep.groupOrderId, type: 'balance' });
      const paid = await getGroupOrder(s, { id: dep.groupOrderId });
      expect(paid.orderList[0]!.presellOrder).toMatchObject({
        presell_order_sn: expect.stringMatching(/^ps/),
        pay_price: part.presellOrder!.pay_price,
        deposit_price: part.pay_price,
        paid: 0,
      });
      expect((await getOrder(s, { id: part.order_id })).presellOrder!.pay_price).toBe(part.presellOrder!.pay_price);

      // A full-payment presale: awaiting payment, one stage, no balance.
      const full = await getGroupOrder(s, { id: (await unpaidPresale(d, s, 1, 1)).groupOrderId });
      expect(full).toMatchObject({ presell_type: 1, orderList: [{ activity_type: 2, presell_type: 1, presellOrder: null }] });
      expect(full.orderList[0]!.orderProduct[0]!.cart_info).toMatchObject({
        productPresell: { presell_type: 1, final_start_time: null },
        productPresellAttr: { down_price: '0.00' },
      });
    });

    it('lists every deposit order with its balance window; closed ones may be deleted', async () => {
      const d = await open();
      const s = await newShopper(d);
      const normal = await paidOrder(d, s, [1]);
      const waiting = await depositOrder(d, s);
      const payable = await depositOrder(d, s, { start: new Date(Date.now() - DAY), end: new Date(Date.now() + DAY) });
      const closing = await depositOrder(d, s, { start: new Date(Date.now() - 2 * DAY), end: new Date(Date.now() + DAY) });

      const list = await listPresellOrders(s, {});
      expect(list.count).toBe(3);
      expect(ids(list)).toEqual([closing.orderId, payable.orderId, waiting.orderId]);
      expect(ids(list)).not.toContain(normal.orderIds[0]);
      const byId = (id: number) => list.list.find((o) => o.order_id === id)!;
      expect(byId(waiting.orderId)).toMatchObject({ status: 10, activity_type: 2, presellOrder: { activeStatus: 0, paid: 0 } });
      // Its balance window opens after the deposit phase: days away, at midnight.
      const opens = byId(waiting.orderId).presellOrder!.final_start_time;
      expect(opens).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
      expect(Date.parse(`${opens.replace(' ', 'T')}+08:00`)).toBeGreaterThan(Date.now());
      expect(byId(payable.orderId).presellOrder).toMatchObject({ activeStatus: 1, paid: 0 });
      expect(Number(byId(payable.orderId).presellOrder!.pay_price)).toBeGreaterThan(0);
      expect(byId(payable.orderId).presellOrder!.deposit_price).toBe(byId(payable.orderId).pay_price);
      // Presales awaiting their balance are neither in 全部 (-2) nor in its count.
      expect(ids(await listOrders(s, { status: '-2' }))).toEqual(normal.orderIds);
      expect((await countOrders(s)).all).toBe(1);
      await expect(deleteOrder(s, { id: waiting.orderId })).rejects.toThrow('订单未完成，不能删除');

      // The balance paid: the order goes to be shipped and stays in the presale list, paid.
      await topUp(d, s.user.uid, Math.round(Number(byId(payable.orderId).presellOrder!.pay_price) * 100));
      await payOrder(s, { id: payable.orderId, subject: 'presell', type: 'balance' });
      // The window closes unpaid: status 11, and the shopper may delete it.
      const [closeJob] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'presell.close'), eq(job.key, String(closing.orderId))));
      await closePresell.run({ orderId: closing.orderId }, { db: d.db, job: closeJob!, now: new Date(Date.now() + 2 * DAY) });
      const after = await listPresellOrders(s, {});
      const paidInFull = after.list.find((o) => o.order_id === payable.orderId)!;
      expect(paidInFull).toMatchObject({ status: 0, presellOrder: { paid: 1 } });
      // The order's pay_price took in the balance; the deposit is still what was paid first.
      expect(paidInFull.presellOrder!.deposit_price).toBe(byId(payable.orderId).presellOrder!.deposit_price);
      expect(paidInFull.pay_price).not.toBe(byId(payable.orderId).pay_price);
      expect(after.list.find((o) => o.order_id === closing.orderId)).toMatchObject({ status: 11, presellOrder: { activeStatus: 2 } });
      expect(ids(await listOrders(s, { status: '10' }))).toEqual([closing.orderId, waiting.orderId]);
      expect(ids(await listOrders(s, { status: '-2' }))).toEqual([payable.orderId, ...normal.orderIds]);
      await deleteOrder(s, { id: closing.orderId });
      expect(ids(await listPresellOrders(s, {}))).toEqual([payable.orderId, waiting.orderId]);
    });
  });
}
