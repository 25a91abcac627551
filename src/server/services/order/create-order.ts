import { queueMerchantNotice } from '../merchant-api/merchant-notices.ts';
import { randomInt } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  cart,
  couponUser,
  orderKey,
  product,
  productSku,
  storeGroupOrder,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
  users,
  PAY_TYPE,
  type OrderReceiver,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { changeWallet } from '../wallet/change-wallet.ts';
import { hashToken } from '../../auth/tokens.ts';
import { enqueue } from '../../jobs/queue.ts';
import { toYuan } from '../../../shared/money.ts';
import { orderCreateInput, type OrderCreateInput } from '../../../shared/schemas/order.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { MALL_UTC_OFFSET_MS, now } from '../dates.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';
import { loadCheckout, ORDER_TEXT } from './checkout.ts';
import { PRICE_TEXT } from './price-order.ts';
import { answerForm } from './order-form.ts';
import { recordInvoice } from '../invoice/record-invoice.ts';
import { STOCK_ORDER_SQL, stockOrder } from './stock-order.ts';

export interface CreatedOrder {
  /** The group order to pay (`/payment?result=`). */
  order_id: number;
  group_order_sn: string;
  pay_price: string;
  /** 1 when nothing was left to pay and the order is paid already. */
  paid: number;
}

const refuse = (m: string) => new ServiceError('refused', m);

/** A readable, unique-enough order number: mall time to the second and 6 random digits (`wx` like the reference). */
export function orderSn(prefix: string, at = now()): string {
  const t = new Date(at.getTime() + MALL_UTC_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${t}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

async function answer(tx: Tx, groupOrderId: number): Promise<CreatedOrder> {
  const [g] = await tx.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, groupOrderId));
  return { order_id: g!.groupOrderId, group_order_sn: g!.groupOrderSn, pay_price: toYuan(g!.payPrice), paid: g!.paid ? 1 : 0 };
}

/**
 * A key already used: the same request again (a retry after a lost answer) gets the order it made, while it is still
 * an order to pay or paid; other cart lines under it, or the same after that order was cancelled, are refused as the
 * reference's "order already generated" (a key is one order).
 */
async function again(tx: Tx, groupOrderId: number, cartIds: number[]): Promise<CreatedOrder> {
  const [g] = await tx
    .select({ isCancel: storeGroupOrder.isCancel })
    .from(storeGroupOrder)
    .where(eq(storeGroupOrder.groupOrderId, groupOrderId));
  const made = await tx
    .select({ cartId: storeOrderProduct.cartId })
    .from(storeOrderProduct)
    .innerJoin(storeOrder, eq(storeOrder.orderId, storeOrderProduct.orderId))
    .where(eq(storeOrder.groupOrderId, groupOrderId));
  const same = new Set(made.map((r) => r.cartId));
  if (g?.isCancel || same.size !== new Set(cartIds).size || cartIds.some((id) => !same.has(id))) throw refuse(ORDER_TEXT.ordered);
  return answer(tx, groupOrderId);
}

const PHONE_RE = /^\+?[\d\- ]{5,20}$/;

/**
 * `POST /api/v2/order/create`: turns the checked cart lines into one group order (what is paid) and one store
 * order per merchant, in ONE transaction: the lines are re-priced exactly as the check priced them (a different
 * payable is refused), SKU stock is taken by conditional updates (never below zero), the coupons are marked used,
 * the points are taken with a ledger row, the cart lines are consumed, and the unpaid order's expiry is queued.
 * The shop's order form, when the products ask for one, must be answered (`extend`); the answers stay on that
 * shop's order. The check's `key` makes it idempotent: the same request again returns the same order (`again`).
 */
export async function createOrder(ctx: ServiceContext, input: OrderCreateInput): Promise<CreatedOrder> {
  const user = requireUser(ctx);
  const q = parseInput(orderCreateInput, input);
  const keyHash = hashToken(q.key);
  return transaction(ctx.db, async (tx) => {
    // One shopper's creates run one at a time (their points, limits and cart lines are read below).
    await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, user.uid)).for('update');
    const [key] = await tx
      .select()
      .from(orderKey)
      .where(and(eq(orderKey.keyHash, keyHash), eq(orderKey.uid, user.uid)))
      .for('update');
    if (!key) throw refuse(ORDER_TEXT.expired);
    if (key.groupOrderId) return again(tx, key.groupOrderId, q.cart_id);
    const at = now();
    if (key.expiresAt < at) throw refuse(ORDER_TEXT.expired);

    // The lines' SKUs, locked before they are read (in the order stock is taken in): the price and stock priced below are
    // the ones the order commits with. Without it, a shop's re-pricing committed between the read and the stock update
    // below would let this order through at the old price.
    await tx
      .select({ unique: productSku.unique })
      .from(productSku)
      .innerJoin(cart, and(eq(cart.productId, productSku.productId), eq(cart.productAttrUnique, productSku.unique)))
      .where(and(eq(cart.uid, user.uid), inArray(cart.cartId, q.cart_id)))
      .orderBy(...STOCK_ORDER_SQL)
      .for('update', { of: productSku });
    const c = await loadCheckout(tx, user.uid, q, true);
    const p = c.priced;
    if (p.status === 'noAddress') throw refuse(ORDER_TEXT.noAddress);
    if (p.status === 'noDeliver') throw refuse(ORDER_TEXT.noDeliver);
    const anyTake = p.merchants.some((m) => m.isTake);
    if (anyTake && (!q.post.real_name || !PHONE_RE.test(q.post.phone))) throw refuse(ORDER_TEXT.takeContact);
    if (p.pay !== key.payPrice) throw refuse(ORDER_TEXT.changed);
    // The shop's order form: answered as the form stands now, kept on that shop's order.
    const extend = c.form ? await answerForm({ db: tx, origins: ctx.origins }, user.uid, c.form, q.extend) : null;

    const receiver: OrderReceiver = c.address
      ? {
          real_name: c.address.realName,
          phone: c.address.phone,
          address: c.address.text,
          country: c.address.country,
          province_id: c.address.provinceId,
        }
      : { real_name: q.post.real_name, phone: q.post.phone, address: '', country: '', province_id: 0 };
    const takeReceiver = (merId: number): OrderReceiver => ({
      real_name: q.post.real_name,
      phone: q.post.phone,
      address: c.merchants.get(merId)!.takeAddress,
      country: 'CN',
      province_id: 0,
    });
    const cancelTime = new Date(at.getTime() + c.settings.cancelMinutes * 60_000);
    const paidNow = p.pay === 0;
    const [g] = await tx
      .insert(storeGroupOrder)
      .values({
        groupOrderSn: orderSn('wx', at),
        uid: user.uid,
        totalNum: p.totalNum,
        totalPrice: p.goods,
        totalPostage: p.postage,
        couponPrice: p.coupon + p.platformCoupon,
        platformCouponPrice: p.platformCoupon,
        svipDiscount: p.svip,
        integral: p.integral,
        integralPrice: p.integralPrice,
        payPrice: p.pay,
        receiver,
        paid: paidNow,
        payType: paidNow ? PAY_TYPE.balance : null,
        payTime: paidNow ? at : null,
        cancelTime,
        createdAt: at,
      })
      .returning();
    const groupOrderId = g!.groupOrderId;

    // Coupons: each must still be the shopper's and unused (a parallel order may have used it).
    const used = [...p.merchants.flatMap((m) => m.coupons), ...p.platformCoupons].filter((x) => x.checked);
    for (const cu of used) {
      const [hit] = await tx
        .update(couponUser)
        .set({ status: 1, useTime: at, groupOrderId })
        .where(and(eq(couponUser.couponUserId, cu.couponUserId), eq(couponUser.uid, user.uid), eq(couponUser.status, 0)))
        .returning({ id: couponUser.couponUserId });
      if (!hit) throw refuse(PRICE_TEXT.notYours);
    }

    if (p.integral > 0) {
      await changeWallet(tx, {
        uid: user.uid,
        category: 'integral',
        type: 'deduction',
        pm: 0,
        number: p.integral,
        linkId: String(groupOrderId),
        title: '购买商品使用积分',
        mark: `订单${g!.groupOrderSn}使用${p.integral}积分抵扣${toYuan(p.integralPrice)}元`,
        shortMessage: ORDER_TEXT.changed,
      });
    }

    // Stock, in one global order (`stockOrder`) so two orders taking the same SKUs cannot deadlock on PostgreSQL.
    const changed = new Set<Tag>();
    const takes = [...c.lines].sort(stockOrder);
    for (const line of takes) {
      const [sku] = await tx
        .update(productSku)
        .set({ stock: sql`${productSku.stock} - ${line.num}`, sales: sql`${productSku.sales} + ${line.num}` })
        .where(and(eq(productSku.productId, line.productId), eq(productSku.unique, line.unique), gte(productSku.stock, line.num)))
        .returning({ stock: productSku.stock });
      if (!sku) throw refuse(ORDER_TEXT.noStock(line.storeName));
      await tx
        .update(product)
        .set({ stock: sql`greatest(${product.stock} - ${line.num}, 0)`, sales: sql`${product.sales} + ${line.num}` })
        .where(eq(product.productId, line.productId));
      changed.add(tag('stock', line.productId)).add(tag('stock', line.showProductId));
    }
    for (const m of p.merchants) {
      const [o] = await tx
        .insert(storeOrder)
        .values({
          orderSn: orderSn('wx', at),
          groupOrderId,
          uid: user.uid,
          merId: m.merId,
          orderType: m.isTake ? 1 : 0,
          activityType: m.lines[0]!.productType,
          totalNum: m.totalNum,
          totalPrice: m.goods,
          totalPostage: m.postage,
          couponPrice: m.coupon + m.platformCoupon,
          platformCouponPrice: m.platformCoupon,
          svipDiscount: m.svip,
          integral: m.integral,
          integralPrice: m.integralPrice,
          payPrice: m.pay,
          receiver: m.isTake ? takeReceiver(m.merId) : receiver,
          mark: q.mark[String(m.merId)] ?? '',
          receipt: q.receipt_data[String(m.merId)] ?? null,
          orderExtend: c.form?.merId === m.merId ? extend : null,
          paid: paidNow,
          payType: paidNow ? PAY_TYPE.balance : null,
          payTime: paidNow ? at : null,
          verifyCode: m.isTake ? String(randomInt(10_000_000, 100_000_000)) : '',
          createdAt: at,
        })
        .returning({ orderId: storeOrder.orderId });
      const invoice = q.receipt_data[String(m.merId)];
      if (invoice) await recordInvoice(tx, { orderId: o!.orderId, uid: user.uid, merId: m.merId, payPrice: m.pay, info: invoice });
      await tx.insert(storeOrderProduct).values(
        m.lines.map((l) => {
          const line = c.lines.find((x) => x.cartId === l.cartId)!;
          return {
            orderId: o!.orderId,
            uid: user.uid,
            productId: l.productId,
            productAttrUnique: line.unique,
            productType: l.productType,
            cartId: l.cartId,
            productNum: l.num,
            productPrice: l.price,
            totalPrice: l.goods,
            couponPrice: l.coupon + l.platformCoupon,
            svipDiscount: l.svip,
            integralPrice: l.integralPrice,
            postagePrice: l.postage,
            payPrice: l.pay,
            refundNum: l.num,
            snapshot: {
              store_name: line.storeName,
              image: line.image,
              sku: line.sku,
              unit_name: line.unitName,
              price: l.price,
              ot_price: l.otPrice,
              down_price: l.presellType === 2 ? l.downPrice : 0,
              spu_product_id: line.showProductId,
            },
          };
        }),
      );
      await tx.insert(storeOrderStatus).values([
        { orderId: o!.orderId, groupOrderId, changeType: 'create', changeMessage: '订单生成', createdAt: at },
        ...(paidNow
          ? [
              {
                orderId: o!.orderId,
                groupOrderId,
                changeType: 'pay_success',
                changeMessage: '订单支付成功（优惠全额抵扣）',
                createdAt: at,
              },
            ]
          : []),
      ]);
      // Paid in full by its discounts: the shop has an order to ship now, as after a payment.
      if (paidNow) await queueMerchantNotice(tx, { event: 'new_order', orderId: o!.orderId });
    }

    const ids = c.lines.map((l) => l.cartId);
    const consumed = await tx
      .update(cart)
      .set({ isPay: true })
      .where(and(eq(cart.uid, user.uid), inArray(cart.cartId, ids), eq(cart.isPay, false)))
      .returning({ id: cart.cartId });
    if (consumed.length !== ids.length) throw refuse(ORDER_TEXT.ordered);
    await tx.update(orderKey).set({ groupOrderId }).where(eq(orderKey.keyHash, keyHash));
    if (!paidNow) await enqueue(tx, 'order.expire', { groupOrderId }, { runAt: cancelTime, key: String(groupOrderId) });
    // The ordered cart lines leave the header's cart count.
    invalidate(tx, [...changed, tag('shopper', user.uid)]);
    return { order_id: groupOrderId, group_order_sn: g!.groupOrderSn, pay_price: toYuan(p.pay), paid: paidNow ? 1 : 0 };
  });
}
