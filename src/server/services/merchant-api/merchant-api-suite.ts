// The merchant API on a real database: run on PGlite (merchant-api.test.ts) and on PostgreSQL 15
// (merchant-api.postgres.test.ts), where concurrent shipments really race on a pool of connections. Each test makes
// its own shoppers and orders and asserts on them only, so tests sharing one server do not meet.
import { describe, it, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { job, merchantToken, storeOrder, storeOrderProduct, storeOrderStatus, systemConfig, userBill } from '../../db/schema/index.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { payOrder } from '../payment/pay-order.ts';
import { createSession } from '../session/sessions.ts';
import { authenticateMerchant, TOKEN_FAILS_PER_IP } from './authenticate.ts';
import type { MerchantContext } from './context.ts';
import { createMerchantToken, revokeMerchantToken } from './tokens.ts';
import { listMerchantOrders } from './list-orders.ts';
import { getMerchantOrder } from './get-order.ts';
import { correctShipment, shipOrder, SHIP_TEXT } from './ship-order.ts';
import { verifyOrder, VERIFY_FAILS_PER_HOUR, VERIFY_TEXT } from './verify-order.ts';
import { remarkOrder } from './remark-order.ts';
import { applyRefund } from '../refund/apply-refund.ts';
import { cancelRefund } from '../refund/cancel-refund.ts';

let ipSeq = 0;
/** A client address no other test uses (rate limits are per address). */
const freshIp = () => `198.51.100.${++ipSeq}-${process.pid}-${Date.now()}`;
let v6Seq = 0;

/** Merchant `merId` signed in with its demo token, as the HTTP wrapper does it. */
async function asMerchant(d: Database, merId: number): Promise<MerchantContext> {
  const merchant = await authenticateMerchant({ db: d.db, user: null }, `Bearer ${demoMerchantToken(merId)}`);
  return { db: d.db, merchant };
}

/** A fresh shopper's order of one item per merchant, paid from the balance; `pickup` merchants collect at the shop. */
async function paidOrder(d: Database, merIds: number[] = [1], pickup: number[] = []) {
  const s = await newShopper(d);
  await topUp(d, s.user.uid, 10_000_000);
  const ids: number[] = [];
  const used: number[] = [];
  for (const merId of merIds) {
    const sku = await pickSku(d, { merId, except: used });
    used.push(sku.productId);
    ids.push(await addLine(s, sku, 1));
  }
  const extra = pickup.length ? { takes: pickup, post: { real_name: '李四', phone: '13900001111' } } : {};
  const { order } = await placeOrder(s, ids, extra);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const orders = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id)).orderBy(storeOrder.merId);
  return { shopper: s as Shopper, groupOrderId: order.order_id, orders };
}

const rowOf = async (d: Database, orderId: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!;
const timelineOf = (d: Database, orderId: number) => d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, orderId));
const receiveJobs = (d: Database, orderId: number) =>
  d.db
    .select()
    .from(job)
    .where(and(eq(job.kind, 'order.receive'), eq(job.key, String(orderId))));

export function merchantApiSuite(open: () => Promise<Database>) {
  describe('orders of the merchant', () => {
    it('lists its paid orders only, by status, with items, receiver and amounts; another merchant gets a 404', async () => {
      const d = await open();
      const { orders, shopper } = await paidOrder(d, [1, 2]);
      const [mine, theirs] = orders as [(typeof orders)[0], (typeof orders)[0]];
      // An unpaid order of the same merchant is not the merchant's business yet.
      const unpaid = await placeOrder(shopper, [await addLine(shopper, await pickSku(d, { merId: 1 }), 1)]);
      const m1 = await asMerchant(d, 1);
      const toShip = await listMerchantOrders(m1, { status: '0', limit: 100 });
      const found = toShip.list.find((o) => o.order_id === mine.orderId);
      expect(found).toMatchObject({
        order_sn: mine.orderSn,
        status: 0,
        status_text: '待发货',
        order_type: 0,
        paid: 1,
        real_name: '张三',
        total_num: 1,
        pay_price: (mine.payPrice / 100).toFixed(2),
        delivery_type: null,
      });
      expect(found!.orderProduct).toHaveLength(1);
      expect(found!.orderProduct[0]!.cart_info.product.store_name).toBeTruthy();
      expect(found).not.toHaveProperty('verify_code');
      expect(found).not.toHaveProperty('finish_code');
      expect(toShip.list.every((o) => o.status === 0 || o.status === 9)).toBe(true);
      expect(toShip.list.some((o) => o.order_id === theirs.orderId)).toBe(false);
      const all = await listMerchantOrders(m1, { limit: 100 });
      expect(all.list.some((o) => o.order_id === mine.orderId)).toBe(true);
      const unpaidIds = (await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, unpaid.order.order_id))).map(
        (o) => o.orderId,
      );
      expect(all.list.some((o) => unpaidIds.includes(o.order_id))).toBe(false);
      expect((await listMerchantOrders(m1, { status: '1', limit: 100 })).list.some((o) => o.order_id === mine.orderId)).toBe(false);

      const detail = await getMerchantOrder(m1, { id: mine.orderId });
      expect(detail.storeOrderStatus.map((s) => s.change_type)).toContain('pay_success');
      await expect(getMerchantOrder(await asMerchant(d, 2), { id: mine.orderId })).rejects.toMatchObject({
        code: 'not_found',
        message: '订单不存在',
      });
      await expect(getMerchantOrder(m1, { id: unpaidIds[0] })).rejects.toMatchObject({ code: 'not_found' });
      await expect(listMerchantOrders(m1, { status: '7' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listMerchantOrders(m1, { limit: '1000' })).rejects.toMatchObject({ code: 'invalid' });
    });
  });

  describe('shipping', () => {
    it('ships an express order once: status, delivery fields, a timeline row, and order.receive due order_take_days later', async () => {
      const d = await open();
      await d.db
        .insert(systemConfig)
        .values({ key: 'order_take_days', value: 3 })
        .onConflictDoUpdate({ target: systemConfig.key, set: { value: 3 } });
      try {
        const { orders } = await paidOrder(d);
        const o = orders[0]!;
        const m1 = await asMerchant(d, 1);
        const shipped = await shipOrder(m1, { id: o.orderId, delivery_type: 1, delivery_name: 'sf', delivery_id: 'sf1234567890' });
        expect(shipped).toMatchObject({
          status: 1,
          status_text: '待收货',
          delivery_type: 1,
          delivery_name: '顺丰速运',
          delivery_code: 'SF',
          delivery_id: 'SF1234567890',
        });
        const row = await rowOf(d, o.orderId);
        expect(row).toMatchObject({ status: 1, deliveryType: 1, finishCode: '' });
        const tl = (await timelineOf(d, o.orderId)).filter((t) => t.changeType.startsWith('delivery'));
        expect(tl.map((t) => t.changeMessage)).toEqual(['已发货，快递公司：顺丰速运，快递单号：SF1234567890']);
        const jobs = await receiveJobs(d, o.orderId);
        expect(jobs).toHaveLength(1);
        expect(jobs[0]!.payload).toEqual({ orderId: o.orderId });
        expect(jobs[0]!.runAt.getTime()).toBe(row.deliveryTime!.getTime() + 3 * 86_400_000);

        await expect(
          shipOrder(m1, { id: o.orderId, delivery_type: 1, delivery_name: '中通快递', delivery_id: 'ZT998877665' }),
        ).rejects.toThrow(SHIP_TEXT.shipped);
        expect((await rowOf(d, o.orderId)).deliveryId).toBe('SF1234567890');
      } finally {
        await d.db.delete(systemConfig).where(eq(systemConfig.key, 'order_take_days'));
      }
    });

    it('corrects a shipped order’s carrier and number once, keeping its shipping time and automatic receipt', async () => {
      const d = await open();
      const o = (await paidOrder(d)).orders[0];
      const unshipped = (await paidOrder(d)).orders[0];
      const m1 = await asMerchant(d, 1);
      await expect(
        correctShipment(m1, { id: unshipped!.orderId, delivery_type: 1, delivery_name: 'SF', delivery_id: 'SF1111111111' }),
      ).rejects.toThrow(SHIP_TEXT.notShipped);
      await shipOrder(m1, { id: o!.orderId, delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF1234567890' });
      const shipped = await rowOf(d, o!.orderId);
      const [job] = await receiveJobs(d, o!.orderId);
      const fix = (body: Record<string, unknown>) => correctShipment(m1, { id: o!.orderId, ...body });
      await expect(fix({ delivery_type: 1, delivery_name: 'SF', delivery_id: 'sf1234567890' })).rejects.toThrow(SHIP_TEXT.unchanged);
      await expect(fix({ delivery_type: 3 })).rejects.toThrow(SHIP_TEXT.noParcel);
      await expect(fix({ delivery_type: 1, delivery_name: '中通快递', delivery_id: '12' })).rejects.toThrow(SHIP_TEXT.tracking);
      await expect(
        correctShipment(await asMerchant(d, 2), { id: o!.orderId, delivery_type: 1, delivery_name: 'ZTO', delivery_id: 'ZT998877665' }),
      ).rejects.toMatchObject({ code: 'not_found' });
      // Three corrections at once: one wins, the others are told it changed meanwhile.
      const results = await Promise.allSettled(
        ['ZT998877661', 'ZT998877662', 'ZT998877663'].map((n) => fix({ delivery_type: 1, delivery_name: '中通快递', delivery_id: n })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: SHIP_TEXT.changedMeanwhile });
      const won = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ delivery_id: string }>).value;
      expect(won).toMatchObject({ status: 1, delivery_name: '中通快递', delivery_code: 'ZTO' });
      const row = await rowOf(d, o!.orderId);
      expect(row).toMatchObject({ status: 1, deliveryName: '中通快递', deliveryId: won.delivery_id, deliveryTime: shipped.deliveryTime });
      expect((await receiveJobs(d, o!.orderId)).map((j) => j.runAt)).toEqual([job!.runAt]);
      const tl = (await timelineOf(d, o!.orderId)).filter((t) => t.changeType.startsWith('delivery'));
      expect(tl.map((t) => t.changeMessage)).toEqual([
        '已发货，快递公司：顺丰速运，快递单号：SF1234567890',
        `修改物流信息，快递公司：中通快递，快递单号：${won.delivery_id}`,
      ]);
      // To a rider: a receipt code for the shopper to tell.
      await fix({ delivery_type: 2, delivery_name: '王师傅', delivery_id: '13912345678' });
      expect((await rowOf(d, o!.orderId)).finishCode).toMatch(/^\d{6}$/);
    });

    it('without the setting an order is received automatically 7 days after shipping', async () => {
      const d = await open();
      const { orders } = await paidOrder(d);
      const o = orders[0]!;
      await shipOrder(await asMerchant(d, 1), { id: o.orderId, delivery_type: 3, delivery_name: 'ignored' });
      const row = await rowOf(d, o.orderId);
      expect(row).toMatchObject({ status: 1, deliveryType: 3, deliveryName: '', deliveryId: '' });
      expect((await receiveJobs(d, o.orderId))[0]!.runAt.getTime()).toBe(row.deliveryTime!.getTime() + 7 * 86_400_000);
      expect((await timelineOf(d, o.orderId)).map((t) => t.changeMessage)).toContain('已发货，无需物流');
    });

    it('five shipments of one order at once ship it once; the others are refused 订单已发货', async () => {
      const d = await open();
      const { orders } = await paidOrder(d);
      const o = orders[0]!;
      const m1 = await asMerchant(d, 1);
      const results = await Promise.allSettled(
        [1, 2, 3, 4, 5].map((n) =>
          shipOrder(m1, { id: o.orderId, delivery_type: 1, delivery_name: 'YTO', delivery_id: `YT100000000${n}` }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'refused', message: SHIP_TEXT.shipped });
      expect((await timelineOf(d, o.orderId)).filter((t) => t.changeType.startsWith('delivery'))).toHaveLength(1);
      expect(await receiveJobs(d, o.orderId)).toHaveLength(1);
      const won = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ delivery_id: string }>).value;
      expect((await rowOf(d, o.orderId)).deliveryId).toBe(won.delivery_id);
    });

    it('a rider delivery gets a 6-digit receipt code the merchant never sees, and the code hands the order over', async () => {
      const d = await open();
      const { orders } = await paidOrder(d);
      const o = orders[0]!;
      const m1 = await asMerchant(d, 1);
      // Not shipped yet, it is no rider's order: no code to check.
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: '123456' })).rejects.toThrow(VERIFY_TEXT.notPickup);
      const shipped = await shipOrder(m1, {
        id: o.orderId,
        delivery_type: '2' as never,
        delivery_name: '王师傅',
        delivery_id: '13712345678',
      });
      expect(shipped).toMatchObject({ delivery_type: 2, delivery_name: '王师傅', delivery_id: '13712345678', status: 1 });
      expect(JSON.stringify(shipped)).not.toMatch(/finish_code/);
      const row = await rowOf(d, o.orderId);
      expect(row.finishCode).toMatch(/^\d{6}$/);
      expect(JSON.stringify(await getMerchantOrder(m1, { id: o.orderId }))).not.toContain(row.finishCode);
      expect((await timelineOf(d, o.orderId)).map((t) => t.changeMessage)).toContain('已发货，配送员：王师傅，电话：13712345678');

      // On delivery the shopper tells the rider the code: a wrong one is refused; the right one receives the order,
      // once, with the points receiving gives; another shop cannot.
      const wrong = row.finishCode === '000000' ? '111111' : '000000';
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: wrong })).rejects.toThrow(VERIFY_TEXT.wrong);
      expect((await rowOf(d, o.orderId)).status).toBe(1);
      await expect(verifyOrder(await asMerchant(d, 2), { id: o.orderId, verify_code: row.finishCode })).rejects.toMatchObject({
        code: 'not_found',
      });
      const results = await Promise.allSettled([1, 2].map(() => verifyOrder(m1, { id: o.orderId, verify_code: row.finishCode })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { message: VERIFY_TEXT.delivered } });
      const received = await rowOf(d, o.orderId);
      expect(received).toMatchObject({ status: 2 });
      expect(received.takeTime).toBeTruthy();
      const lines = (await timelineOf(d, o.orderId)).map((t) => t.changeMessage);
      expect(lines.filter((m) => m === '配送员已送达，收货码核验通过')).toHaveLength(1);
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: row.finishCode })).rejects.toThrow(VERIFY_TEXT.delivered);
    });

    it('refuses what is missing or wrong with a message per field, and unknown or foreign orders with a 404', async () => {
      const d = await open();
      const { orders } = await paidOrder(d);
      const id = orders[0]!.orderId;
      const m1 = await asMerchant(d, 1);
      const cases: [Record<string, unknown>, string][] = [
        [{}, '请选择发货方式：1 快递，2 同城配送，3 无需物流'],
        [{ delivery_type: 9 }, '请选择发货方式：1 快递，2 同城配送，3 无需物流'],
        [{ delivery_type: 1, delivery_id: 'SF1234567890' }, SHIP_TEXT.company],
        [{ delivery_type: 1, delivery_name: '火星快递', delivery_id: 'SF1234567890' }, SHIP_TEXT.unknownCompany],
        [{ delivery_type: 1, delivery_name: '顺丰速运' }, SHIP_TEXT.trackingMissing],
        [{ delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF 12' }, SHIP_TEXT.tracking],
        [{ delivery_type: 2, delivery_id: '13712345678' }, SHIP_TEXT.riderMissing],
        [{ delivery_type: 2, delivery_name: '王师傅', delivery_id: '12345' }, SHIP_TEXT.riderPhone],
        [{ delivery_type: 2, delivery_name: '王'.repeat(21), delivery_id: '13712345678' }, SHIP_TEXT.riderLong],
        [{ delivery_type: 1, delivery_name: ['SF'], delivery_id: 'SF1234567890' }, '快递公司或配送员格式不正确'],
        [{ delivery_type: 1, delivery_code: 'XX', delivery_name: '顺丰速运', delivery_id: 'SF1234567890' }, SHIP_TEXT.unknownCompany],
        [{ delivery_type: 1, delivery_code: 'YTO', delivery_name: '顺丰速运', delivery_id: 'SF1234567890' }, SHIP_TEXT.companyConflict],
      ];
      for (const [body, message] of cases) await expect(shipOrder(m1, { id, ...body })).rejects.toThrow(message);
      expect((await rowOf(d, id)).status).toBe(0);
      await expect(shipOrder(await asMerchant(d, 2), { id, delivery_type: 3 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(shipOrder(m1, { id: 2147483647, delivery_type: 3 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(shipOrder(m1, { id: 'x', delivery_type: 3 })).rejects.toMatchObject({ code: 'invalid' });
      // A name and a code of the same company agree.
      expect(
        await shipOrder(m1, { id, delivery_type: 1, delivery_code: 'SF', delivery_name: '顺丰速运', delivery_id: 'SF1234567890' }),
      ).toMatchObject({ status: 1, delivery_code: 'SF', delivery_name: '顺丰速运' });
    });

    it('does not ship a pickup order, a presale awaiting its balance, a refunded order or one with a refund in progress', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const pickup = (await paidOrder(d, [1], [1])).orders[0]!;
      expect(pickup.orderType).toBe(1);
      await expect(shipOrder(m1, { id: pickup.orderId, delivery_type: 3 })).rejects.toThrow(SHIP_TEXT.pickup);
      const states: [number, string][] = [
        [10, SHIP_TEXT.presell],
        [11, SHIP_TEXT.closed],
        [-1, SHIP_TEXT.refunded],
      ];
      for (const [status, message] of states) {
        const o = (await paidOrder(d)).orders[0]!;
        await d.db.update(storeOrder).set({ status }).where(eq(storeOrder.orderId, o.orderId));
        await expect(shipOrder(m1, { id: o.orderId, delivery_type: 3 })).rejects.toThrow(message);
        expect(await receiveJobs(d, o.orderId)).toHaveLength(0);
      }
      const refunding = (await paidOrder(d)).orders[0]!;
      await d.db.update(storeOrderProduct).set({ isRefund: 1 }).where(eq(storeOrderProduct.orderId, refunding.orderId));
      await expect(shipOrder(m1, { id: refunding.orderId, delivery_type: 3 })).rejects.toThrow(SHIP_TEXT.refunding);
    });

    it('a shipment racing the shopper’s refund request: shipped before the request, or refused while it is open', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      for (let k = 0; k < 3; k++) {
        const { shopper, orders } = await paidOrder(d);
        const o = orders[0]!;
        const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o.orderId));
        const [shipped, asked] = await Promise.allSettled([
          shipOrder(m1, { id: o.orderId, delivery_type: 3 }),
          applyRefund(shopper, {
            order_id: o.orderId,
            type: 1,
            refund_type: 1,
            num: 1,
            ids: [item!.orderProductId],
            refund_message: '不想要了',
            refund_price: '0.01',
          }),
        ]);
        // A refund only is asked for whether the goods left or not.
        expect(asked.status).toBe('fulfilled');
        const [auto] = await d.db
          .select()
          .from(job)
          .where(
            and(
              eq(job.kind, 'refund.auto'),
              eq(job.key, `${(asked as PromiseFulfilledResult<{ refund_order_id: number }>).value.refund_order_id}:0`),
            ),
          );
        const receive = await receiveJobs(d, o.orderId);
        if (shipped.status === 'fulfilled') {
          // Shipped first: the request came after it (its job was queued after the shipment's).
          expect((await rowOf(d, o.orderId)).status).toBe(1);
          expect(receive[0]!.id).toBeLessThan(auto!.id);
        } else {
          expect(shipped.reason).toMatchObject({ code: 'refused', message: SHIP_TEXT.refunding });
          expect((await rowOf(d, o.orderId)).status).toBe(0);
          expect(receive).toHaveLength(0);
        }
      }
    });
  });

  describe('pickup verification', () => {
    it('the right code moves a pickup order to review once, with verify_time, 已核销 and the points a receipt gives; a wrong one is refused', async () => {
      const d = await open();
      const o = (await paidOrder(d, [1], [1])).orders[0]!;
      const m1 = await asMerchant(d, 1);
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: '00000000' === o.verifyCode ? '11111111' : '00000000' })).rejects.toThrow(
        VERIFY_TEXT.wrong,
      );
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: 'abc' })).rejects.toThrow('核销码格式不正确');
      await expect(verifyOrder(await asMerchant(d, 2), { id: o.orderId, verify_code: o.verifyCode })).rejects.toMatchObject({
        code: 'not_found',
      });
      const results = await Promise.allSettled([1, 2, 3].map(() => verifyOrder(m1, { id: o.orderId, verify_code: Number(o.verifyCode) })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: VERIFY_TEXT.verified });
      const row = await rowOf(d, o.orderId);
      expect(row.status).toBe(2);
      expect(row.verifyTime).toBeInstanceOf(Date);
      expect((await timelineOf(d, o.orderId)).filter((t) => t.changeType === 'verify').map((t) => t.changeMessage)).toEqual(['已核销']);
      // Collected at the shop: the points a receipt gives (1 a yuan paid, the default), once for three verifies.
      const given = await d.db
        .select()
        .from(userBill)
        .where(and(eq(userBill.uid, o.uid), eq(userBill.type, 'order_give'), eq(userBill.linkId, String(o.orderId))));
      expect(given.map((b) => [b.pm, b.number, b.title])).toEqual([[1, Math.floor(o.payPrice / 100), '到店自提赠送积分']]);
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: o.verifyCode })).rejects.toThrow(VERIFY_TEXT.verified);
      const express = (await paidOrder(d)).orders[0]!;
      await expect(verifyOrder(m1, { id: express.orderId, verify_code: '12345678' })).rejects.toThrow(VERIFY_TEXT.notPickup);
    });

    it('is refused while a refund request of the order is in progress, also when both arrive at once; verifies once it is withdrawn', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const ask = async (shopper: Shopper, orderId: number) => {
        const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
        return applyRefund(shopper, {
          order_id: orderId,
          type: 1,
          refund_type: 1,
          num: 1,
          ids: [item!.orderProductId],
          refund_message: '不想要了',
          refund_price: '0.01',
        });
      };
      const first = await paidOrder(d, [1], [1]);
      const a = first.orders[0]!;
      const [verified, asked] = await Promise.allSettled([
        verifyOrder(m1, { id: a.orderId, verify_code: a.verifyCode }),
        ask(first.shopper, a.orderId),
      ]);
      // Handed over before the request (which is then for a collected order), or refused while it is open.
      expect(asked.status).toBe('fulfilled');
      if (verified.status === 'fulfilled') expect((await rowOf(d, a.orderId)).status).toBe(2);
      else {
        expect(verified.reason).toMatchObject({ code: 'refused', message: VERIFY_TEXT.refunding });
        expect((await rowOf(d, a.orderId)).status).toBe(0);
      }

      const second = await paidOrder(d, [1], [1]);
      const b = second.orders[0]!;
      const r = await ask(second.shopper, b.orderId);
      await expect(verifyOrder(m1, { id: b.orderId, verify_code: b.verifyCode })).rejects.toThrow(VERIFY_TEXT.refunding);
      expect((await rowOf(d, b.orderId)).status).toBe(0);
      await cancelRefund(second.shopper, { id: r.refund_order_id });
      expect(await verifyOrder(m1, { id: b.orderId, verify_code: b.verifyCode })).toMatchObject({ status: 2 });
    });

    it(`after ${VERIFY_FAILS_PER_HOUR} wrong codes an order takes no code for an hour`, async () => {
      const d = await open();
      const o = (await paidOrder(d, [1], [1])).orders[0]!;
      const m1 = await asMerchant(d, 1);
      const wrong = o.verifyCode === '99999999' ? '99999998' : '99999999';
      for (let i = 0; i < VERIFY_FAILS_PER_HOUR; i++)
        await expect(verifyOrder(m1, { id: o.orderId, verify_code: wrong })).rejects.toThrow(VERIFY_TEXT.wrong);
      await expect(verifyOrder(m1, { id: o.orderId, verify_code: o.verifyCode })).rejects.toMatchObject({ code: 'rate_limited' });
      expect((await rowOf(d, o.orderId)).status).toBe(0);
    });
  });

  describe('remark', () => {
    it("sets and clears the merchant's remark, at most 200 characters; another merchant's order is a 404", async () => {
      const d = await open();
      const o = (await paidOrder(d)).orders[0]!;
      const m1 = await asMerchant(d, 1);
      expect(await remarkOrder(m1, { id: o.orderId, remark: '  顾客要求周末送达  ' })).toEqual({
        order_id: o.orderId,
        remark: '顾客要求周末送达',
      });
      expect((await getMerchantOrder(m1, { id: o.orderId })).remark).toBe('顾客要求周末送达');
      await expect(remarkOrder(m1, { id: o.orderId, remark: '长'.repeat(201) })).rejects.toThrow('备注不能超过200个字');
      await expect(remarkOrder(m1, { id: o.orderId })).rejects.toThrow('请填写备注内容');
      await expect(remarkOrder(m1, { id: o.orderId, remark: '已发\u0007' })).rejects.toThrow('备注不能包含特殊控制字符');
      await expect(remarkOrder(await asMerchant(d, 2), { id: o.orderId, remark: 'x' })).rejects.toMatchObject({ code: 'not_found' });
      expect((await remarkOrder(m1, { id: o.orderId, remark: '' })).remark).toBe('');
      expect((await rowOf(d, o.orderId)).remark).toBe('');
      // An id is a number or its digits (a path part); coercion read [id] as id and true as 1.
      for (const id of [[o.orderId], [String(o.orderId)], true, `${o.orderId}.0`, `${o.orderId}e0`, ` ${o.orderId}x`]) {
        await expect(remarkOrder(m1, { id, remark: '错' }), JSON.stringify(id)).rejects.toMatchObject({
          code: 'invalid',
          message: '订单ID格式不正确',
        });
      }
      expect((await rowOf(d, o.orderId)).remark).toBe('');
      expect((await remarkOrder(m1, { id: String(o.orderId), remark: '对' })).remark).toBe('对');
    });
  });

  describe('merchant tokens', () => {
    it('a missing, unknown, revoked or shopper token is a 401; a good one names its merchant and is marked used', async () => {
      const d = await open();
      const ctx = { db: d.db, user: null, ip: freshIp() };
      await expect(authenticateMerchant(ctx, null)).rejects.toMatchObject({
        code: 'unauthorized',
        message: expect.stringContaining('缺少商户令牌'),
      });
      await expect(authenticateMerchant(ctx, 'Bearer mf_demo_mer_1_wrong')).rejects.toMatchObject({
        code: 'unauthorized',
        message: '商户令牌无效或已撤销',
      });
      await expect(authenticateMerchant(ctx, demoMerchantToken(1))).rejects.toMatchObject({ code: 'unauthorized' });
      // A shopper's session token is no merchant token.
      const { token: session } = await createSession(d.db, (await newShopper(d)).user.uid);
      await expect(authenticateMerchant(ctx, `Bearer ${session}`)).rejects.toMatchObject({ code: 'unauthorized' });

      const made = await createMerchantToken(d.db, 4, '仓库系统');
      expect(made.token).toMatch(/^mf_mer_[\w-]{43}$/);
      const me = await authenticateMerchant(ctx, `Bearer ${made.token}`);
      expect(me).toMatchObject({ merId: 4, tokenId: made.id, merName: 'Mallfront自营图书' });
      const [row] = await d.db.select().from(merchantToken).where(eq(merchantToken.id, made.id));
      expect(row!.lastUsedAt).toBeInstanceOf(Date);
      expect(row!.tokenHash).not.toContain(made.token);
      expect(await revokeMerchantToken(d.db, made.id)).toBe(true);
      expect(await revokeMerchantToken(d.db, made.id)).toBe(false);
      await expect(authenticateMerchant(ctx, `Bearer ${made.token}`)).rejects.toMatchObject({
        code: 'unauthorized',
        message: '商户令牌无效或已撤销',
      });
    });

    it(`after ${TOKEN_FAILS_PER_IP} failed checks from one address every check from it is refused with 429; other addresses go on`, async () => {
      const d = await open();
      const ip = freshIp();
      const ctx = { db: d.db, user: null, ip };
      for (let i = 0; i < TOKEN_FAILS_PER_IP; i++) {
        await expect(authenticateMerchant(ctx, `Bearer guess-${i}`)).rejects.toMatchObject({ code: 'unauthorized' });
      }
      await expect(authenticateMerchant(ctx, `Bearer ${demoMerchantToken(1)}`)).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(authenticateMerchant(ctx, 'Bearer guess-again')).rejects.toMatchObject({ code: 'rate_limited' });
      expect((await authenticateMerchant({ ...ctx, ip: freshIp() }, `Bearer ${demoMerchantToken(1)}`)).merId).toBe(1);
    });

    it('counts an IPv6 client by its /64: guesses spread over its addresses lock them all, another network goes on', async () => {
      const d = await open();
      const net = `2001:db8:${(++v6Seq).toString(16)}:${(process.pid % 0xffff).toString(16)}`;
      for (let i = 0; i < TOKEN_FAILS_PER_IP; i++) {
        const ctx = { db: d.db, user: null, ip: `${net}::${(i + 1).toString(16)}` };
        await expect(authenticateMerchant(ctx, `Bearer guess-${i}`)).rejects.toMatchObject({ code: 'unauthorized' });
      }
      const fresh = { db: d.db, user: null, ip: `${net}:abcd:1234:5678:9abc` };
      await expect(authenticateMerchant(fresh, `Bearer ${demoMerchantToken(1)}`)).rejects.toMatchObject({ code: 'rate_limited' });
      const other = { db: d.db, user: null, ip: `2001:db8:${(++v6Seq).toString(16)}:1::1` };
      expect((await authenticateMerchant(other, `Bearer ${demoMerchantToken(1)}`)).merId).toBe(1);
    });
  });
}
