// The shopper's side of refunds on a real database: run on PGlite (refund.test.ts) and on PostgreSQL 15
// (refund.postgres.test.ts), where two requests for the last unit really race. Each test makes its own shoppers and
// orders, so tests sharing one PostgreSQL server do not meet; a test that changes a product or a setting puts it back.
import { describe, it, expect } from 'vitest';
import { and, asc, eq, gt, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ORDER_STATUS,
  REFUND_STATUS,
  media,
  merchant,
  product,
  productSku,
  refundOrder,
  refundProduct,
  storeOrder,
} from '../../db/schema/index.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { depositOrder, paidOrder, shipForTest } from '../../../../tests/helpers/orders.ts';
import { receiveForTest } from '../../../../tests/helpers/received.ts';
import { approveReturnForTest, linesOf, setRefundStatusForTest } from '../../../../tests/helpers/refunds.ts';
import { payOrder } from '../payment/pay-order.ts';
import { countOrders } from '../order/count-orders.ts';
import { getOrder } from '../order/get-order.ts';
import { toYuan } from '../../../shared/money.ts';
import { applyRefund } from './apply-refund.ts';
import { getRefundProduct, listRefundableItems } from './refundable-items.ts';
import { listRefunds } from './list-refunds.ts';
import { getRefund, trackRefund } from './get-refund.ts';
import { cancelRefund } from './cancel-refund.ts';
import { shipReturn } from './ship-return.ts';
import { deleteRefund } from './delete-refund.ts';

const cents = (yuan: string) => Math.round(Number(yuan) * 100);

/** A paid order of `n` units of one item of merchant 1. */
async function oneItem(d: Database, s: Shopper, n = 1) {
  const { orderIds } = await paidOrder(d, s, [1], n);
  const [line] = await linesOf(d, orderIds[0]!);
  return { orderId: orderIds[0]!, line: line! };
}

/** A paid order (by balance) of `n` units of the cheapest normal SKU on sale, with no quantity rule, matching `where`. */
async function paidCheapest(d: Database, s: Shopper, n: number, ...where: SQL[]) {
  const [sku] = await d.db
    .select({
      productId: product.productId,
      unique: productSku.unique,
      merId: product.merId,
      price: productSku.price,
      stock: productSku.stock,
    })
    .from(productSku)
    .innerJoin(product, eq(product.productId, productSku.productId))
    .innerJoin(merchant, eq(merchant.merId, product.merId))
    .where(
      and(
        eq(merchant.status, true),
        eq(product.status, 1),
        eq(product.productType, 0),
        eq(product.onceMinCount, 0),
        eq(product.onceMaxCount, 0),
        ...where,
      ),
    )
    .orderBy(asc(productSku.price))
    .limit(1);
  const { order } = await placeOrder(s, [await addLine(s, sku!, n)]);
  await topUp(d, s.user.uid, cents(order.pay_price));
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  const [line] = await linesOf(d, o!.id);
  return { orderId: o!.id, line: line! };
}

/** A paid order of `n` units of a cheap item (under the free-shipping threshold: postage is charged). */
const withPostage = (d: Database, s: Shopper, n: number) =>
  paidCheapest(
    d,
    s,
    n,
    isNotNull(product.tempId),
    eq(product.deliveryFree, false),
    gt(productSku.stock, 5),
    lt(productSku.price, 9900 / n),
  );

/** A paid order of `n` units of an item costing at least ¥200 a unit. */
const pricey = (d: Database, s: Shopper, n: number) =>
  paidCheapest(d, s, n, eq(product.merFormId, 0), gt(productSku.stock, n + 2), gt(productSku.price, 20000));

/** A paid order of two different items of merchant 1 (one store order, two lines). */
async function twoItems(d: Database, s: Shopper) {
  const a = await pickSku(d, { merId: 1 });
  const b = await pickSku(d, { merId: 1, except: [a.productId] });
  const { order } = await placeOrder(s, [await addLine(s, a, 1), await addLine(s, b, 2)]);
  await topUp(d, s.user.uid, cents(order.pay_price));
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  return { orderId: o!.id, lines: await linesOf(d, o!.id) };
}

const asking = (orderId: number, ids: number[], extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  type: 1,
  refund_type: 1,
  num: 1,
  ids,
  refund_message: '不想要了',
  refund_price: '0.01',
  ...extra,
});

/** A picture `uid` uploaded (the media row the upload endpoint writes). */
async function ownPicture(d: Database, uid: number): Promise<string> {
  const id = `refund-test-${uid}-${Math.random().toString(36).slice(2, 10)}`;
  await d.db.insert(media).values({ mediaId: id, mime: 'image/webp', bytes: new Uint8Array([82, 73, 70, 70]), uid, width: 1, height: 1 });
  return `/media/${id}.webp`;
}

export function refundSuite(open: () => Promise<Database>) {
  describe('what may be refunded', () => {
    it('caps the amount per quantity, postage included only while unshipped, and all units give back exactly what was paid', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await withPostage(d, s, 2);
      expect(line.postagePrice).toBeGreaterThan(0);
      const p = await getRefundProduct(s, { order_id: orderId, ids: String(line.orderProductId), type: 1 });
      expect(p.status).toBe(ORDER_STATUS.toShip);
      expect(p.product).toHaveLength(1);
      expect(p.product[0]!.refund_num).toBe(2);
      expect(cents(p.total_refund_price) + cents(p.postage_price)).toBe(line.payPrice);
      expect(cents(p.postage_price)).toBe(line.postagePrice);
      expect(p.max_by_num).toHaveLength(2);
      expect(cents(p.max_by_num[1]!)).toBe(line.payPrice);

      // More than the most for one unit is refused; exactly the most is accepted, once per unit.
      const one = cents(p.max_by_num[0]!);
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { refund_price: toYuan(one + 1) }))).rejects.toMatchObject({
        status: 400,
        message: '退款金额超过最多可退金额',
      });
      let total = 0;
      for (let k = 0; k < 2; k++) {
        const q = await getRefundProduct(s, { order_id: orderId, ids: [line.orderProductId] });
        const max = cents(q.max_by_num[0]!);
        await applyRefund(s, asking(orderId, [line.orderProductId], { refund_price: toYuan(max) }));
        total += max;
      }
      expect(total).toBe(line.payPrice);
      const [after] = await linesOf(d, orderId);
      expect(after).toMatchObject({ refundNum: 0, isRefund: 1 });
      // Nothing left: the item leaves the refundable list and another request is refused.
      expect(await listRefundableItems(s, { order_id: orderId })).toEqual([]);
      await expect(applyRefund(s, asking(orderId, [line.orderProductId]))).rejects.toMatchObject({ message: '该商品已无可退数量' });
    });

    it('after shipping, postage is not refunded and a return and refund is allowed; before, a return is refused', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await withPostage(d, s, 2);
      expect(line.postagePrice).toBeGreaterThan(0);
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { refund_type: 2 }))).rejects.toMatchObject({
        status: 400,
        message: '订单未发货，请选择仅退款',
      });
      await shipForTest(d, orderId);
      const p = await getRefundProduct(s, { order_id: orderId, ids: [line.orderProductId] });
      expect(p.status).toBe(ORDER_STATUS.toReceive);
      expect(p.postage_price).toBe('0.00');
      expect(cents(p.total_refund_price)).toBe(line.payPrice - line.postagePrice);
      await expect(
        applyRefund(s, asking(orderId, [line.orderProductId], { type: 2, refund_type: 2, refund_price: toYuan(line.payPrice) })),
      ).rejects.toMatchObject({ message: '退款金额超过最多可退金额' });
      const r = await applyRefund(
        s,
        asking(orderId, [line.orderProductId], { type: 2, refund_type: 2, num: undefined, refund_price: p.total_refund_price }),
      );
      const detail = await getRefund(s, { id: r.refund_order_id });
      expect(detail).toMatchObject({ status: 0, status_text: '待审核', refund_type: 2, type: 2, refund_num: 2, order_id: orderId });
      expect(detail.refund_price).toBe(p.total_refund_price);
    });

    it("rounds the amount to the cent, half up, before the checks: a JS client's unit price × quantity, a third decimal", async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await pricey(d, s, 5);
      // Rounding comes first, then the checks: a third decimal that rounds to nothing is too little, and one that
      // rounds past the most for a unit is too much, while one that rounds down to it is the most.
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { refund_price: '0.004' }))).rejects.toMatchObject({
        message: '退款金额不能小于0.01元',
      });
      const most = (await getRefundProduct(s, { order_id: orderId, ids: [line.orderProductId] })).max_by_num[0]!;
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { refund_price: `${most}5` }))).rejects.toMatchObject({
        message: '退款金额超过最多可退金额',
      });
      const top = await applyRefund(s, asking(orderId, [line.orderProductId], { refund_price: `${most}4999` }));
      expect(
        await d.db.select({ p: refundOrder.refundPrice }).from(refundOrder).where(eq(refundOrder.refundOrderId, top.refund_order_id)),
      ).toEqual([{ p: cents(most) }]);
      const asked: [unknown, number][] = [
        [53.300000000000004, 5330],
        [158.99999999999997, 15900],
        ['53.333', 5333],
        ['0.005', 1],
      ];
      for (const [refund_price, stored] of asked) {
        const r = await applyRefund(s, asking(orderId, [line.orderProductId], { refund_price }));
        const [row] = await d.db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, r.refund_order_id));
        expect(row!.refundPrice, String(refund_price)).toBe(stored);
      }
    });

    it('a batch request takes each item whole and spreads the amount over them', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, lines } = await twoItems(d, s);
      const ids = lines.map((l) => l.orderProductId);
      const batch = await listRefundableItems(s, { order_id: orderId, ids: ids.join(',') });
      expect(batch.map((b) => [b.order_product_id, b.refund_num])).toEqual([
        [ids[0], 1],
        [ids[1], 2],
      ]);
      const p = await getRefundProduct(s, { order_id: orderId, ids: ids.join(',') });
      const max = cents(p.total_refund_price) + cents(p.postage_price);
      expect(max).toBe(lines[0]!.payPrice + lines[1]!.payPrice);
      // The reference client sends num 0 with a batch: it means nothing there, as any other num.
      await expect(applyRefund(s, asking(orderId, ids, { type: '2', num: 'x', refund_price: toYuan(max + 1) }))).rejects.toMatchObject({
        message: '退款金额超过最多可退金额',
      });
      const r = await applyRefund(s, asking(orderId, ids, { type: 2, num: 0, refund_price: toYuan(max - 1) }));
      const items = await d.db.select().from(refundProduct).where(eq(refundProduct.refundOrderId, r.refund_order_id));
      expect(items.map((i) => i.refundNum).sort()).toEqual([1, 2]);
      expect(items.reduce((a, i) => a + i.refundPrice, 0)).toBe(max - 1);
      for (const i of items) expect(i.refundPrice).toBeLessThanOrEqual(lines.find((l) => l.orderProductId === i.orderProductId)!.payPrice);
      // A type 1 request names one item and its quantity.
      await expect(applyRefund(s, asking(orderId, ids))).rejects.toMatchObject({ status: 400 });
    });

    it('refuses an item whose product takes no refunds, a presale awaiting its balance and an order past its refund window', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await oneItem(d, s);
      await d.db.update(product).set({ refundSwitch: false }).where(eq(product.productId, line.productId));
      try {
        expect(await listRefundableItems(s, { order_id: orderId })).toEqual([]);
        await expect(applyRefund(s, asking(orderId, [line.orderProductId]))).rejects.toMatchObject({ message: '该商品不支持退款' });
      } finally {
        await d.db.update(product).set({ refundSwitch: true }).where(eq(product.productId, line.productId));
      }

      const presale = await depositOrder(d, s);
      const [pl] = await linesOf(d, presale.orderId);
      await expect(applyRefund(s, asking(presale.orderId, [pl!.orderProductId]))).rejects.toMatchObject({
        message: '预售订单尾款未付，不能申请退款',
      });

      const late = await oneItem(d, s);
      await receiveForTest(d, late.orderId);
      // Received 8 days ago: past the default 7-day window.
      await d.db
        .update(storeOrder)
        .set({ takeTime: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(storeOrder.orderId, late.orderId));
      expect((await getOrder(s, { id: late.orderId })).refund_status).toBe(0);
      expect(await listRefundableItems(s, { order_id: late.orderId })).toEqual([]);
      await expect(applyRefund(s, asking(late.orderId, [late.line.orderProductId]))).rejects.toMatchObject({
        message: '该订单已超过售后期限，不能申请退款',
      });
      // Within the window a received order still takes a request.
      await d.db.update(storeOrder).set({ takeTime: new Date() }).where(eq(storeOrder.orderId, late.orderId));
      await expect(applyRefund(s, asking(late.orderId, [late.line.orderProductId], { refund_type: 2 }))).resolves.toMatchObject({
        refund_order_id: expect.any(Number),
      });
    });

    it('refuses an order refunded in full saying so, not as one past its refund window', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await oneItem(d, s);
      const r = await applyRefund(s, asking(orderId, [line.orderProductId], { refund_price: toYuan(line.payPrice) }));
      await setRefundStatusForTest(d, r.refund_order_id, REFUND_STATUS.refunded);
      const [o] = await d.db.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.orderId, orderId));
      expect(o!.status).toBe(ORDER_STATUS.refunded);
      expect(await listRefundableItems(s, { order_id: orderId })).toEqual([]);
      const said = { message: '该订单已全部退款，没有可再退的商品' };
      await expect(getRefundProduct(s, { order_id: orderId, ids: String(line.orderProductId) })).rejects.toMatchObject(said);
      await expect(applyRefund(s, asking(orderId, [line.orderProductId]))).rejects.toMatchObject(said);
    });

    it("another shopper's order, item or request is a 404, and bad input a 400, never a 500", async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const { orderId, line } = await oneItem(d, s, 2);
      await expect(applyRefund(other, asking(orderId, [line.orderProductId]))).rejects.toMatchObject({ status: 404 });
      await expect(getRefundProduct(other, { order_id: orderId, ids: [line.orderProductId] })).rejects.toMatchObject({ status: 404 });
      await expect(listRefundableItems(other, { order_id: orderId })).rejects.toMatchObject({ status: 404 });
      const theirs = await oneItem(d, other);
      await expect(applyRefund(s, asking(orderId, [theirs.line.orderProductId]))).rejects.toMatchObject({
        status: 404,
        message: '退款商品不存在',
      });
      const bad: Record<string, unknown>[] = [
        { refund_price: '-1' },
        { refund_price: '0' },
        { refund_price: '0.001' },
        { refund_price: '1e3' },
        { refund_price: '99999999999' },
        { refund_price: 'abc' },
        { num: 1.5 },
        { num: -1 },
        { num: 0 },
        { num: 10_000_000 },
        { ids: 'x' },
        { ids: [] },
        { type: 3 },
        { refund_type: 0 },
        { refund_message: '随便写的理由' },
        { refund_message: '不想要了\0' },
        { mark: 'a'.repeat(101) },
        { mark: '\0' },
        { pics: ['http://evil.example/x.png'] },
        { pics: Array.from({ length: 7 }, (_, k) => `/media/a${k}.webp`) },
        { phone: 'call me' },
      ];
      for (const extra of bad) {
        await expect(applyRefund(s, asking(orderId, [line.orderProductId], extra)), JSON.stringify(extra)).rejects.toMatchObject({
          status: 400,
        });
      }
      await expect(applyRefund(s, { ...asking(orderId, [line.orderProductId]), order_id: 'abc' })).rejects.toMatchObject({ status: 400 });
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { num: 3 }))).rejects.toMatchObject({
        message: '退款数量超过可退数量',
      });
      await expect(listRefunds(s, { type: '9' })).rejects.toMatchObject({ status: 400 });
      await expect(getRefund(s, { id: '1\0' })).rejects.toMatchObject({ status: 400 });
      expect((await listRefunds(s, {})).count).toBe(0);
    });

    it("takes the shopper's own uploaded pictures and refuses anyone else's", async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const { orderId, line } = await oneItem(d, s, 2);
      const mine = await ownPicture(d, s.user.uid);
      const theirs = await ownPicture(d, other.user.uid);
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { pics: [mine, theirs] }))).rejects.toMatchObject({
        message: '图片无效，请重新上传',
      });
      await expect(applyRefund(s, asking(orderId, [line.orderProductId], { pics: ['/media/nope.webp'] }))).rejects.toMatchObject({
        message: '图片无效，请重新上传',
      });
      // The absolute URL of an upload is taken on the request's own origin (reduced to the path), never on another.
      const here = { ...s, origins: new Set(['http://shop.example']) };
      for (const pic of [`http://evil.example${mine}`, `https://shop.example${mine}`, `http://shop.example${mine}?x=1`]) {
        await expect(applyRefund(here, asking(orderId, [line.orderProductId], { pics: [pic] })), pic).rejects.toMatchObject({
          status: 400,
          message: '图片无效，请重新上传',
        });
      }
      const viaUrl = await applyRefund(here, asking(orderId, [line.orderProductId], { pics: [`http://shop.example${mine}`, mine] }));
      expect((await getRefund(s, { id: viaUrl.refund_order_id })).pics).toEqual([mine]);
      await cancelRefund(s, { id: viaUrl.refund_order_id });
      const r = await applyRefund(s, asking(orderId, [line.orderProductId], { pics: [mine], mark: '包装破损', phone: '13800001111' }));
      // The shopper's own phone is `contact_phone`; `phone` is the shop's return phone, none before a return is agreed.
      expect(await getRefund(s, { id: r.refund_order_id })).toMatchObject({
        pics: [mine],
        mark: '包装破损',
        contact_phone: '13800001111',
        phone: '',
        mer_delivery_phone: '',
      });
    });
  });

  describe('racing for the last unit', () => {
    it('two requests for the last unit at once: exactly one is made', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await oneItem(d, s, 1);
      const tries = await Promise.allSettled(Array.from({ length: 4 }, () => applyRefund(s, asking(orderId, [line.orderProductId]))));
      expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
      for (const t of tries) if (t.status === 'rejected') expect(t.reason).toMatchObject({ status: 400, message: '该商品已无可退数量' });
      expect(await d.db.select().from(refundOrder).where(eq(refundOrder.orderId, orderId))).toHaveLength(1);
      const [after] = await linesOf(d, orderId);
      expect(after).toMatchObject({ refundNum: 0, isRefund: 1 });
    });
  });

  describe('after the request', () => {
    it('cancels a request under review or awaiting the return once, giving its units back', async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const { orderId, line } = await oneItem(d, s, 2);
      const r = await applyRefund(s, asking(orderId, [line.orderProductId], { num: 2 }));
      expect((await countOrders(s)).refund).toBe(1);
      await expect(cancelRefund(other, { id: r.refund_order_id })).rejects.toMatchObject({ status: 404 });
      expect(await cancelRefund(s, { id: r.refund_order_id })).toEqual({ status: -10 });
      await expect(cancelRefund(s, { id: r.refund_order_id })).rejects.toMatchObject({ status: 400, message: '当前状态不能取消申请' });
      expect((await linesOf(d, orderId))[0]).toMatchObject({ refundNum: 2, isRefund: 0 });
      expect((await countOrders(s)).refund).toBe(0);
      expect(await getRefund(s, { id: r.refund_order_id })).toMatchObject({ status: -10, status_text: '已取消' });

      // Two cancels at once: one changes it, the other is refused.
      const again = await applyRefund(s, asking(orderId, [line.orderProductId]));
      await approveReturnForTest(d, again.refund_order_id);
      const both = await Promise.allSettled([
        cancelRefund(s, { id: again.refund_order_id }),
        cancelRefund(s, { id: again.refund_order_id }),
      ]);
      expect(both.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
      expect((await linesOf(d, orderId))[0]).toMatchObject({ refundNum: 2, isRefund: 0 });
    });

    it('takes the return shipment only while awaiting it, then tracks it; refuses a cancel after it', async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const { orderId, line } = await oneItem(d, s);
      await shipForTest(d, orderId);
      const r = await applyRefund(s, asking(orderId, [line.orderProductId], { refund_type: 2, phone: '13900002222' }));
      const ship = { delivery_type: '顺丰速运', delivery_id: 'SF1234567890', delivery_phone: '13800001111' };
      await expect(shipReturn(s, { id: r.refund_order_id, ...ship })).rejects.toMatchObject({
        status: 400,
        message: '当前状态不能提交退货物流',
      });
      await expect(trackRefund(s, { id: r.refund_order_id })).rejects.toMatchObject({ status: 404 });
      await approveReturnForTest(d, r.refund_order_id);
      // The return address as the reference shows it: mer_delivery_user, phone (the shop's), mer_delivery_address.
      expect(await getRefund(s, { id: r.refund_order_id })).toMatchObject({
        status: 1,
        mer_delivery_user: '退货仓',
        phone: '0571-88886666',
        mer_delivery_phone: '0571-88886666',
        mer_delivery_address: expect.stringContaining('杭州'),
        contact_phone: '13900002222',
      });
      await expect(shipReturn(s, { id: r.refund_order_id, ...ship, delivery_type: '不存在快递' })).rejects.toMatchObject({
        status: 400,
        message: '请选择快递公司',
      });
      await expect(shipReturn(s, { id: r.refund_order_id, ...ship, delivery_id: '' })).rejects.toMatchObject({ status: 400 });
      for (const delivery_phone of ['call me', '12', '0755--1234', '+86 138 0000 1111 2222 3', '']) {
        await expect(shipReturn(s, { id: r.refund_order_id, ...ship, delivery_phone }), delivery_phone).rejects.toMatchObject({
          status: 400,
        });
      }
      await expect(shipReturn(other, { id: r.refund_order_id, ...ship })).rejects.toMatchObject({ status: 404 });
      expect(await shipReturn(s, { id: r.refund_order_id, ...ship })).toEqual({ status: 2 });
      await expect(shipReturn(s, { id: r.refund_order_id, ...ship })).rejects.toMatchObject({ message: '当前状态不能提交退货物流' });
      const detail = await getRefund(s, { id: r.refund_order_id });
      expect(detail).toMatchObject({
        status: 2,
        delivery_type: '顺丰速运',
        delivery_id: 'SF1234567890',
        delivery_phone: '13800001111',
        phone: '0571-88886666',
        contact_phone: '13900002222',
      });
      expect(detail.delivery_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const track = await trackRefund(s, { id: r.refund_order_id });
      expect(track.refund.refund_order_id).toBe(r.refund_order_id);
      expect(Array.isArray(track.express)).toBe(true);
      await expect(cancelRefund(s, { id: r.refund_order_id })).rejects.toMatchObject({ message: '当前状态不能取消申请' });
      await expect(deleteRefund(s, { id: r.refund_order_id })).rejects.toMatchObject({ message: '售后处理中，不能删除记录' });
    });

    it('takes a tracking number and phone sent as JSON numbers, and a landline with its area code', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await oneItem(d, s, 2);
      await shipForTest(d, orderId);
      for (const [sent, stored] of [
        [
          { delivery_id: 773012345678901, delivery_phone: 13800001111 },
          { delivery_id: '773012345678901', delivery_phone: '13800001111' },
        ],
        [
          { delivery_id: 'SF1234567890', delivery_phone: '0755-12345678' },
          { delivery_id: 'SF1234567890', delivery_phone: '0755-12345678' },
        ],
      ] as const) {
        const r = await applyRefund(s, asking(orderId, [line.orderProductId], { refund_type: 2, phone: '(0755) 1234 5678' }));
        await approveReturnForTest(d, r.refund_order_id);
        expect(await shipReturn(s, { id: r.refund_order_id, delivery_type: '顺丰速运', ...sent })).toEqual({ status: 2 });
        expect(await getRefund(s, { id: r.refund_order_id })).toMatchObject({ ...stored, contact_phone: '(0755) 1234 5678' });
      }
    });

    it('lists by tab, scoped to the shopper, and deletes only finished requests', async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const { orderId, line } = await oneItem(d, s, 3);
      const a = await applyRefund(s, asking(orderId, [line.orderProductId]));
      const b = await applyRefund(s, asking(orderId, [line.orderProductId]));
      const c = await applyRefund(s, asking(orderId, [line.orderProductId]));
      await cancelRefund(s, { id: a.refund_order_id });
      await setRefundStatusForTest(d, b.refund_order_id, -1);
      const idsOf = (p: { list: { refund_order_id: number }[] }) => p.list.map((x) => x.refund_order_id);
      expect(idsOf(await listRefunds(s, { type: 0 }))).toEqual([c, b, a].map((x) => x.refund_order_id));
      expect(idsOf(await listRefunds(s, { type: 1 }))).toEqual([c.refund_order_id]);
      expect(idsOf(await listRefunds(s, { type: '2' }))).toEqual([b, a].map((x) => x.refund_order_id));
      expect(idsOf(await listRefunds(s, { type: 0, page: 2, limit: 2 }))).toEqual([a.refund_order_id]);
      const [card] = (await listRefunds(s, { type: 1 })).list;
      expect(card).toMatchObject({
        refund_order_sn: expect.stringMatching(/^rf\d{20}$/),
        status: 0,
        status_text: '待审核',
        refund_type: 1,
        refund_num: 1,
        refund_price: '0.01',
        merchant: { mer_id: 1, mer_name: expect.any(String) },
        refundProduct: [{ refund_num: 1, product: { cart_info: { product: { store_name: line.snapshot.store_name } } } }],
        create_time: expect.any(String),
        money_state: 'none',
      });
      expect(await listRefunds(other, {})).toEqual({ count: 0, list: [] });
      await expect(getRefund(other, { id: c.refund_order_id })).rejects.toMatchObject({ status: 404, message: '退款单不存在' });
      await expect(deleteRefund(other, { id: a.refund_order_id })).rejects.toMatchObject({ status: 404 });

      await expect(deleteRefund(s, { id: c.refund_order_id })).rejects.toMatchObject({ status: 400 });
      await deleteRefund(s, { id: a.refund_order_id });
      await deleteRefund(s, { id: b.refund_order_id });
      await expect(deleteRefund(s, { id: a.refund_order_id })).rejects.toMatchObject({ status: 404 });
      await expect(getRefund(s, { id: a.refund_order_id })).rejects.toMatchObject({ status: 404 });
      expect(idsOf(await listRefunds(s, {}))).toEqual([c.refund_order_id]);
      // Refused and cancelled units are refundable again; the open one holds its unit.
      expect((await linesOf(d, orderId))[0]).toMatchObject({ refundNum: 2, isRefund: 1 });
    });

    it('shows the money state of an approved refund in words', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, line } = await oneItem(d, s);
      const r = await applyRefund(s, asking(orderId, [line.orderProductId]));
      for (const [state, text] of [
        ['pending', '退款处理中'],
        ['retrying', '退款失败，系统正在重试'],
        ['done', '已退回原支付账户'],
        ['failed', '退款失败，请联系客服'],
      ] as const) {
        await d.db.update(refundOrder).set({ moneyState: state }).where(eq(refundOrder.refundOrderId, r.refund_order_id));
        expect(await getRefund(s, { id: r.refund_order_id })).toMatchObject({ money_state: state, money_state_text: text });
      }
    });
  });
}
