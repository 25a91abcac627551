// A shop giving back the money of an order it cannot ship, on a real database: PGlite (merchant-refund-order.test.ts)
// and PostgreSQL 15 (merchant-refund-order.postgres.test.ts), where the shop's refunds, its shipping and the shopper's
// own request really race. Each test places its own order.
import { describe, it, expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  job,
  ORDER_STATUS,
  product,
  productSku,
  refundOrder,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
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
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { paidOrder } from '../../../../tests/helpers/orders.ts';
import { payOrder } from '../payment/pay-order.ts';
import { shipOrder } from '../merchant-api/ship-order.ts';
import { applyRefund } from './apply-refund.ts';
import { listRefunds } from './list-refunds.ts';
import { ORDER_REFUND_TEXT, refundMerchantOrder } from './merchant-refund-order.ts';

const MER = 5;

const orderRow = async (d: Database, orderId: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!;
const linesOf = (d: Database, orderId: number) =>
  d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId)).orderBy(asc(storeOrderProduct.orderProductId));
const skuRow = async (d: Database, unique: string) =>
  (await d.db.select({ stock: productSku.stock, sales: productSku.sales }).from(productSku).where(eq(productSku.unique, unique)))[0]!;
const productSales = async (d: Database, id: number) =>
  (await d.db.select({ sales: product.sales, stock: product.stock }).from(product).where(eq(product.productId, id)))[0]!;

/** A shopper's paid (by balance) order of two different products of the shop, `n` of each. */
async function twoLineOrder(d: Database, s: Shopper, n = 1) {
  const a = await pickSku(d, { merId: MER, minStock: 10 });
  const b = await pickSku(d, { merId: MER, minStock: 10, except: [a.productId] });
  const { order } = await placeOrder(s, [await addLine(s, a, n), await addLine(s, b, n)]);
  const cents = Math.round(Number(order.pay_price) * 100);
  await topUp(d, s.user.uid, cents);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  return { orderId: o!.orderId, cents, skus: [a, b] };
}

export function merchantRefundOrderSuite(open: () => Promise<Database>) {
  describe("a shop gives back an order's money itself", () => {
    it('refunds an unshipped order whole: the balance back once, the order refunded, the units not put on sale again', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, cents, skus } = await twoLineOrder(d, s, 2);
      const before = await Promise.all(skus.map((k) => skuRow(d, k.unique)));
      const m = await asMerchant(d, MER);
      expect(await balanceOf(d, s.user.uid)).toBe(0);

      const r = await refundMerchantOrder(m, { id: orderId, refund_message: '  商品缺货，非常抱歉  ' });
      expect(r).toMatchObject({
        order_id: orderId,
        status: 3,
        status_text: '已退款',
        refund_type: 1,
        refund_num: 4,
        refund_price: (cents / 100).toFixed(2),
        refund_message: '商品缺货，非常抱歉',
        mark: ORDER_REFUND_TEXT.mark,
        money_state: 'done',
        refund_channel: 'balance',
      });
      expect(await balanceOf(d, s.user.uid)).toBe(cents);
      expect(await ledgerBalanceOf(d, s.user.uid)).toBe(cents);
      expect((await orderRow(d, orderId)).status).toBe(ORDER_STATUS.refunded);
      // Out of stock: the pieces do not go back on sale; the sales they counted do go.
      const after = await Promise.all(skus.map((k) => skuRow(d, k.unique)));
      expect(after.map((x) => x.stock)).toEqual(before.map((x) => x.stock));
      expect(after.map((x) => x.sales)).toEqual(before.map((x) => x.sales - 2));
      // The shopper sees it among their refunds, the order's timeline says why, and an SMS is on its way.
      const theirs = await listRefunds(s, { type: 0 });
      expect(theirs.list.map((x) => x.refund_order_id)).toContain(r.refund_order_id);
      const timeline = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, orderId));
      expect(timeline.map((x) => x.changeMessage)).toContainEqual(expect.stringContaining('商家主动退款：商品缺货，非常抱歉'));
      expect(
        await d.db
          .select()
          .from(job)
          .where(and(eq(job.kind, 'shopper.notify'), eq(job.key, `refunded:${r.refund_order_id}`))),
      ).toHaveLength(1);

      // Nothing is left to give back, and nothing can ship.
      await expect(refundMerchantOrder(m, { id: orderId, refund_message: '再退一次' })).rejects.toMatchObject({
        status: 400,
        message: ORDER_REFUND_TEXT.refunded,
      });
      await expect(
        shipOrder(m, { id: orderId, delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF123456789' }),
      ).rejects.toMatchObject({
        message: '订单已退款，不能发货',
      });
      expect(await balanceOf(d, s.user.uid)).toBe(cents);
    });

    it('refunds the items named, their stock back on sale when the shop says so, and the rest still ships', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, cents, skus } = await twoLineOrder(d, s, 1);
      const [first, second] = await linesOf(d, orderId);
      const stockBefore = (await skuRow(d, skus[1]!.unique)).stock;
      const m = await asMerchant(d, MER);
      const r = await refundMerchantOrder(m, {
        id: orderId,
        refund_message: '该颜色无法发货',
        ids: String(second!.orderProductId),
        restock: 1,
      });
      expect(r.refund_price).toBe((second!.payPrice / 100).toFixed(2));
      expect(r.refundProduct.map((x) => x.order_product_id)).toEqual([second!.orderProductId]);
      expect(await balanceOf(d, s.user.uid)).toBe(second!.payPrice);
      expect((await skuRow(d, skus[1]!.unique)).stock).toBe(stockBefore + 1);
      expect((await productSales(d, skus[1]!.productId)).stock).toBeGreaterThan(0);
      expect((await orderRow(d, orderId)).status).toBe(ORDER_STATUS.toShip);
      // The same item again: nothing left of it.
      await expect(refundMerchantOrder(m, { id: orderId, refund_message: '再退', ids: [second!.orderProductId] })).rejects.toMatchObject({
        message: ORDER_REFUND_TEXT.nothingLeft,
      });
      await shipOrder(m, { id: orderId, delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF987654321' });
      expect((await orderRow(d, orderId)).status).toBe(ORDER_STATUS.toReceive);
      expect(first!.payPrice + second!.payPrice).toBe(cents);
    });

    it('refuses a shipped order, another shop’s, an order with a request in progress, and bad bodies, changing nothing', async () => {
      const d = await open();
      const s = await newShopper(d);
      const m = await asMerchant(d, MER);
      const shipped = await twoLineOrder(d, s);
      await shipOrder(m, { id: shipped.orderId, delivery_type: 3 });
      await expect(refundMerchantOrder(m, { id: shipped.orderId, refund_message: '缺货' })).rejects.toMatchObject({
        status: 400,
        message: ORDER_REFUND_TEXT.shipped,
      });
      const other = await paidOrder(d, s, [1]);
      await expect(refundMerchantOrder(m, { id: other.orderIds[0], refund_message: '缺货' })).rejects.toMatchObject({ status: 404 });

      const asked = await twoLineOrder(d, s);
      const [line] = await linesOf(d, asked.orderId);
      await applyRefund(s, {
        order_id: asked.orderId,
        type: 1,
        refund_type: 1,
        num: 1,
        ids: String(line!.orderProductId),
        refund_message: '不想要了',
        refund_price: '0.01',
      });
      await expect(refundMerchantOrder(m, { id: asked.orderId, refund_message: '缺货' })).rejects.toMatchObject({
        message: ORDER_REFUND_TEXT.refunding,
      });

      const fresh = await twoLineOrder(d, s);
      for (const [body, message] of [
        [{}, '请填写退款原因'],
        [{ refund_message: '   ' }, '请填写退款原因'],
        [{ refund_message: '缺'.repeat(201) }, '退款原因不能超过200个字'],
        [{ refund_message: '缺货', ids: 'x' }, /商品/],
        [{ refund_message: '缺货', ids: [2147483000] }, ORDER_REFUND_TEXT.notOfOrder],
        [{ refund_message: '缺货', restock: 2 }, /restock/],
      ] as const) {
        await expect(refundMerchantOrder(m, { id: fresh.orderId, ...body }), JSON.stringify(body)).rejects.toMatchObject({
          status: 400,
          message,
        });
      }
      await expect(refundMerchantOrder(m, { id: 'abc', refund_message: '缺货' })).rejects.toMatchObject({ status: 400 });
      expect(await d.db.select().from(refundOrder).where(eq(refundOrder.orderId, fresh.orderId))).toEqual([]);
      expect(await balanceOf(d, s.user.uid)).toBe(0);
    });

    it('two refunds and a shipment at once: exactly one of them happens, and the money moves at most once', async () => {
      const d = await open();
      const m = await asMerchant(d, MER);
      for (let round = 0; round < 3; round++) {
        const s = await newShopper(d);
        const { orderId, cents } = await twoLineOrder(d, s);
        const results = await Promise.allSettled([
          refundMerchantOrder(m, { id: orderId, refund_message: '缺货' }),
          shipOrder(m, { id: orderId, delivery_type: 1, delivery_name: '顺丰速运', delivery_id: `SF55566677${round}` }),
          refundMerchantOrder(m, { id: orderId, refund_message: '缺货' }),
        ]);
        expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
        const refunds = await d.db.select().from(refundOrder).where(eq(refundOrder.orderId, orderId));
        const o = await orderRow(d, orderId);
        if (results[1]!.status === 'fulfilled') {
          expect(refunds).toEqual([]);
          expect(o.status).toBe(ORDER_STATUS.toReceive);
          expect(await balanceOf(d, s.user.uid)).toBe(0);
        } else {
          expect(refunds).toHaveLength(1);
          expect(o.status).toBe(ORDER_STATUS.refunded);
          expect(await balanceOf(d, s.user.uid)).toBe(cents);
        }
        expect(await ledgerBalanceOf(d, s.user.uid)).toBe(await balanceOf(d, s.user.uid));
      }
    });
  });
}
