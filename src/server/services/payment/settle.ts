import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ORDER_STATUS,
  orderReceipt,
  presell,
  presellOrder,
  storeGroupOrder,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
  type PaymentSubject,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { depositTerms, isDepositLine, lineBalance } from '../order/presell-dto.ts';
import { toYuan } from '../../../shared/money.ts';
import { MALL_UTC_OFFSET_MS } from '../dates.ts';
import { queueShopperNotice } from '../order/shopper-notices.ts';
import { queueMerchantNotice } from '../merchant-api/merchant-notices.ts';

/** Why a subject could not take a payment: the caller refuses (balance) or keeps the money for a refund (gateway). */
export type SettleRefusal = 'gone' | 'paid' | 'cancelled' | 'closed' | 'amount';

export const SETTLE_TEXT: Record<SettleRefusal, string> = {
  gone: '订单不存在',
  paid: '订单已支付',
  cancelled: '订单已取消',
  closed: '尾款支付时间已结束',
  amount: '支付金额与订单金额不符',
};

export interface SettleInput {
  subject: PaymentSubject;
  subjectId: number;
  uid: number;
  payType: number;
  /** Cents paid: must equal what the subject asks. */
  amount: number;
  at: Date;
  /** Timeline text, e.g. 余额支付成功. */
  message: string;
}

/**
 * Marks a subject paid, once: the group order and each of its store orders (to ship, or awaiting the presale
 * balance), or a presale balance (its store order to ship). Conditional updates on `paid = false` make a second or
 * concurrent call find nothing and answer 'paid'. Runs inside the caller's transaction (with the ledger row of a
 * balance payment, or the payment row of a notification), so everything commits together or not at all.
 */
export async function settleSubject(tx: Tx, p: SettleInput): Promise<{ ok: true } | { ok: false; why: SettleRefusal }> {
  return p.subject === 'group' ? settleGroup(tx, p) : settlePresell(tx, p);
}

async function settleGroup(tx: Tx, p: SettleInput): Promise<{ ok: true } | { ok: false; why: SettleRefusal }> {
  const [g] = await tx
    .select()
    .from(storeGroupOrder)
    .where(and(eq(storeGroupOrder.groupOrderId, p.subjectId), eq(storeGroupOrder.uid, p.uid)))
    .for('update');
  if (!g) return { ok: false, why: 'gone' };
  if (g.paid) return { ok: false, why: 'paid' };
  if (g.isCancel) return { ok: false, why: 'cancelled' };
  if (g.payPrice !== p.amount) return { ok: false, why: 'amount' };
  await tx
    .update(storeGroupOrder)
    .set({ paid: true, payType: p.payType, payTime: p.at })
    .where(eq(storeGroupOrder.groupOrderId, g.groupOrderId));
  const orders = await tx.select().from(storeOrder).where(eq(storeOrder.groupOrderId, g.groupOrderId));
  for (const o of orders) {
    const deposit = o.activityType === 2 ? await depositWindow(tx, o.orderId) : null;
    await tx
      .update(storeOrder)
      .set({ paid: true, payType: p.payType, payTime: p.at, status: deposit ? ORDER_STATUS.presellBalance : ORDER_STATUS.toShip })
      .where(eq(storeOrder.orderId, o.orderId));
    await tx.insert(storeOrderStatus).values({
      orderId: o.orderId,
      groupOrderId: g.groupOrderId,
      changeType: 'pay_success',
      changeMessage: deposit ? `定金已支付（${p.message}）` : p.message,
      createdAt: p.at,
    });
    if (deposit) {
      await tx.insert(presellOrder).values({
        orderId: o.orderId,
        uid: o.uid,
        merId: o.merId,
        presellOrderSn: `ps${o.orderSn.slice(2)}`,
        payPrice: deposit.balance,
        finalStartTime: deposit.start,
        finalEndTime: deposit.end,
        createdAt: p.at,
      });
      await enqueue(tx, 'presell.close', { orderId: o.orderId }, { runAt: deposit.end, key: String(o.orderId) });
      // The shopper is reminded when the balance can be paid (not when it already can: they are paying now).
      if (deposit.start > p.at) await queueShopperNotice(tx, { event: 'balance_due', orderId: o.orderId }, deposit.start);
    } else await queueMerchantNotice(tx, { event: 'new_order', orderId: o.orderId });
  }
  return { ok: true };
}

/** A deposit presale order's balance (cents) and payment window (`depositTerms`); null for a full-payment presale. */
async function depositWindow(tx: Tx, orderId: number): Promise<{ balance: number; start: Date; end: Date } | null> {
  return depositTerms(await depositLines(tx, orderId));
}

/** The presale lines of store order `orderId` with their presales. */
const depositLines = (tx: Tx, orderId: number) =>
  tx
    .select({ i: storeOrderProduct, pr: presell })
    .from(storeOrderProduct)
    .innerJoin(presell, eq(presell.productId, storeOrderProduct.productId))
    .where(eq(storeOrderProduct.orderId, orderId))
    .orderBy(storeOrderProduct.orderProductId);

async function settlePresell(tx: Tx, p: SettleInput): Promise<{ ok: true } | { ok: false; why: SettleRefusal }> {
  const [po] = await tx
    .select()
    .from(presellOrder)
    .where(and(eq(presellOrder.orderId, p.subjectId), eq(presellOrder.uid, p.uid)))
    .for('update');
  if (!po) return { ok: false, why: 'gone' };
  if (po.paid) return { ok: false, why: 'paid' };
  if (po.status !== 1 || po.finalEndTime <= p.at) return { ok: false, why: 'closed' };
  if (po.finalStartTime > p.at) return { ok: false, why: 'closed' };
  if (po.payPrice !== p.amount) return { ok: false, why: 'amount' };
  await tx
    .update(presellOrder)
    .set({ paid: 1, payType: p.payType, payTime: p.at })
    .where(eq(presellOrder.presellOrderId, po.presellOrderId));
  const [o] = await tx
    .update(storeOrder)
    .set({ status: ORDER_STATUS.toShip, payPrice: sql`${storeOrder.payPrice} + ${po.payPrice}` })
    .where(and(eq(storeOrder.orderId, po.orderId), eq(storeOrder.status, ORDER_STATUS.presellBalance)))
    .returning({ groupOrderId: storeOrder.groupOrderId });
  if (!o) return { ok: false, why: 'closed' };
  // Each deposit line's `pay_price` is what it was paid: its deposit and now its balance (what a refund of it may give
  // back, refundable-items.ts). The balances add up to `po.payPrice` (depositTerms).
  for (const { i, pr } of await depositLines(tx, po.orderId)) {
    if (!isDepositLine(pr)) continue;
    await tx
      .update(storeOrderProduct)
      .set({ payPrice: sql`${storeOrderProduct.payPrice} + ${lineBalance(i)}` })
      .where(eq(storeOrderProduct.orderProductId, i.orderProductId));
  }
  // An invoice asked for at checkout was for the deposit: it is for the whole price now (until the merchant issues it).
  await tx
    .update(orderReceipt)
    .set({ receiptPrice: sql`${orderReceipt.receiptPrice} + ${po.payPrice}` })
    .where(and(eq(orderReceipt.orderId, po.orderId), eq(orderReceipt.status, 0)));
  await tx.insert(storeOrderStatus).values({
    orderId: po.orderId,
    groupOrderId: o.groupOrderId,
    changeType: 'presell_final',
    changeMessage: `尾款${p.message}（¥${toYuan(po.payPrice)}）`,
    createdAt: p.at,
  });
  // Now the shop has an order to ship.
  await queueMerchantNotice(tx, { event: 'new_order', orderId: po.orderId });
  return { ok: true };
}

/** Our trade number sent to a provider: `pay` + mall time to the second + 8 random digits (unique per attempt). */
export function outTradeNo(at: Date): string {
  const t = new Date(at.getTime() + MALL_UTC_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `pay${t}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
