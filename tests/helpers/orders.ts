// Paid-order fixtures for service tests: a paid order, shipping it the way the merchant API will, a presale deposit
// order. Built on the checkout fixtures (checkout.ts): every order goes through the real check, create and pay verbs.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import {
  ORDER_STATUS,
  presell,
  presellOrder,
  product,
  productSku,
  storeOrder,
  storeOrderStatus,
  userBill,
  users,
} from '../../src/server/db/schema/index.ts';
import { enqueue } from '../../src/server/jobs/queue.ts';
import { createCart } from '../../src/server/services/cart/create-cart.ts';
import { payOrder } from '../../src/server/services/payment/pay-order.ts';
import { afterSaleSettings, DAY_MS } from '../../src/server/services/order/order-rules.ts';
import { addLine, pickSku, placeOrder, topUp, type Shopper } from './checkout.ts';

export interface PaidOrder {
  groupOrderId: number;
  /** One store order per merchant, in the order of `merIds`. */
  orderIds: number[];
  /** What the group order charged, cents. */
  cents: number;
}

/** A shopper's order of one item from each merchant of `merIds`, placed and paid by balance (topped up first). */
export async function paidOrder(d: Database, s: Shopper, merIds = [1], n = 1): Promise<PaidOrder> {
  const ids: number[] = [];
  const used: number[] = [];
  for (const merId of merIds) {
    const sku = await pickSku(d, { merId, except: used });
    used.push(sku.productId);
    ids.push(await addLine(s, sku, n));
  }
  const { order } = await placeOrder(s, ids);
  const cents = Math.round(Number(order.pay_price) * 100);
  await topUp(d, s.user.uid, cents);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const rows = await d.db
    .select({ id: storeOrder.orderId, merId: storeOrder.merId })
    .from(storeOrder)
    .where(eq(storeOrder.groupOrderId, order.order_id))
    .orderBy(asc(storeOrder.orderId));
  return { groupOrderId: order.order_id, orderIds: merIds.map((m) => rows.find((r) => r.merId === m)!.id), cents };
}

/**
 * TEST FIXTURE, not the merchant API: ships a paid order (status 0) the way the merchant API will, in one
 * transaction: status 1, express delivery with company and tracking number, `delivery_time`, a timeline row, and
 * the `order.receive` job due `order_take_days` later (keyed by the order, as the merchant API enqueues it).
 */
export async function shipForTest(
  d: Database,
  orderId: number,
  opts: { at?: Date; company?: string; number?: string } = {},
): Promise<{ shippedAt: Date; dueAt: Date }> {
  const shippedAt = opts.at ?? new Date();
  const company = opts.company ?? '顺丰速运';
  const number = opts.number ?? `SF${orderId}${String(shippedAt.getTime()).slice(-6)}`;
  const { takeDays } = await afterSaleSettings(d.db);
  const dueAt = new Date(shippedAt.getTime() + takeDays * DAY_MS);
  await d.db.transaction(async (tx) => {
    const [o] = await tx
      .update(storeOrder)
      .set({ status: ORDER_STATUS.toReceive, deliveryType: 1, deliveryName: company, deliveryId: number, deliveryTime: shippedAt })
      .where(and(eq(storeOrder.orderId, orderId), eq(storeOrder.status, ORDER_STATUS.toShip), eq(storeOrder.paid, true)))
      .returning({ groupOrderId: storeOrder.groupOrderId });
    if (!o) throw new Error(`order ${orderId} is not waiting to be shipped`);
    await tx.insert(storeOrderStatus).values({
      orderId,
      groupOrderId: o.groupOrderId,
      changeType: 'delivery',
      changeMessage: `已发货，快递公司：${company}，快递单号：${number}`,
      createdAt: shippedAt,
    });
    await enqueue(tx, 'order.receive', { orderId }, { runAt: dueAt, key: String(orderId) });
  });
  return { shippedAt, dueAt };
}

/** Sets a store order's status directly (states this branch cannot reach through a verb yet: done, refunded). */
export async function setStatusForTest(d: Database, orderId: number, status: number): Promise<void> {
  await d.db.update(storeOrder).set({ status }).where(eq(storeOrder.orderId, orderId));
}

/** A SKU (more than 5 in stock) of a presale of `presellType` (1 full payment, 2 deposit) on sale now, with its prices. */
export async function presaleOnSale(d: Database, presellType: 1 | 2) {
  const at = new Date();
  const [row] = await d.db
    .select({
      presellId: presell.productPresellId,
      unique: productSku.unique,
      merId: product.merId,
      price: productSku.price,
      down: productSku.downPrice,
      finalStart: presell.finalStartTime,
      finalEnd: presell.finalEndTime,
    })
    .from(presell)
    .innerJoin(productSku, eq(productSku.productId, presell.productId))
    .innerJoin(product, eq(product.productId, presell.productId))
    .where(
      and(
        eq(presell.presellType, presellType),
        eq(presell.status, true),
        eq(presell.payCount, 0),
        lte(presell.startTime, at),
        gt(presell.endTime, at),
        gt(productSku.stock, 5),
      ),
    )
    .orderBy(asc(presell.productId), asc(productSku.unique))
    .limit(1);
  if (!row) throw new Error(`no presale of type ${presellType} on sale`);
  return row;
}

/** A buy-now cart line of `n` units of a presale on sale now (`presaleOnSale`). */
export async function presaleCartLine(d: Database, s: Shopper, presellType: 1 | 2, n: number) {
  const row = await presaleOnSale(d, presellType);
  const { cart_id: cartId } = await createCart(s, {
    product_id: row.presellId,
    product_attr_unique: row.unique,
    cart_num: n,
    is_new: 1,
    product_type: 2,
  });
  return { cartId, row };
}

/**
 * A deposit presale order paid by balance: it waits in status 10 with its `presell_order` (the demo presale's
 * balance window opens after its deposit phase, weeks away). `window` moves that order's window (not the presale's), e.g. to make it payable.
 */
export async function depositOrder(
  d: Database,
  s: Shopper,
  window?: { start: Date; end: Date },
  /** More of the create body (an invoice asked for at checkout, sent as `receipt_data` of the presale's merchant). */
  extra: { receipt?: Record<string, unknown> } = {},
): Promise<{ groupOrderId: number; orderId: number }> {
  const { cartId, row } = await presaleCartLine(d, s, 2, 1);
  const { order } = await placeOrder(s, [cartId], extra.receipt ? { receipt_data: { [row.merId]: extra.receipt } } : {});
  await topUp(d, s.user.uid, Math.round(Number(order.pay_price) * 100));
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  if (window) {
    await d.db.update(presellOrder).set({ finalStartTime: window.start, finalEndTime: window.end }).where(eq(presellOrder.orderId, o!.id));
  }
  return { groupOrderId: order.order_id, orderId: o!.id };
}

/** Points of a shopper and the sum of their points ledger (they must be equal). */
export async function pointsOf(d: Database, uid: number): Promise<{ integral: number; ledger: number }> {
  const [[u], [b]] = await Promise.all([
    d.db.select({ integral: users.integral }).from(users).where(eq(users.uid, uid)),
    d.db
      .select({ sum: sql<string>`coalesce(sum(case when ${userBill.pm} = 1 then ${userBill.number} else -${userBill.number} end), 0)` })
      .from(userBill)
      .where(and(eq(userBill.uid, uid), eq(userBill.category, 'integral'))),
  ]);
  return { integral: u!.integral, ledger: Number(b!.sum) };
}
