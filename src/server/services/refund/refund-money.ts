import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  payment,
  REFUND_STATUS,
  refundOrder,
  refundProduct,
  storeOrder,
  storeOrderProduct,
  storeOrderStatus,
  userBill,
  users,
  type RefundMoneyState,
} from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import { refundProvider } from '../../payment/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { now } from '../dates.ts';
import { changeWallet } from '../wallet/change-wallet.ts';
import { spread } from '../order/price-order.ts';
import { queueShopperNotice } from '../order/shopper-notices.ts';

/** Attempts of the `refund.pay` job before the money is given up as `failed` (support must act). */
export const REFUND_PAY_ATTEMPTS = 8;

export const MONEY_TEXT = {
  /** What the shopper and the merchant read when the money could not be paid back after the last attempt. */
  failed: '退款失败，请联系客服',
  noPayment: '找不到该订单的支付记录',
  noProvider: (name: string) => `支付通道 ${name} 不可用，无法原路退款`,
  billTitle: '退款',
  integralTitle: '退款退回积分',
  giveBackTitle: '退款扣回赠送积分',
} as const;

type RefundRow = typeof refundOrder.$inferSelect;
type PaymentRow = typeof payment.$inferSelect;

/**
 * Called in the transaction that moved a refund request to 3 (refunded), after `recomputeRefundState`: queues the
 * `refund.pay` job (key: the request id, so it exists once) in the same transaction. The request's `money_state`
 * was set to `pending` by the same conditional update that moved it to 3. The points of the refunded items move in the
 * same transaction (`settleRefundPoints`).
 */
export async function queueRefundMoney(tx: Tx, r: RefundRow, fullyRefunded: boolean, at: Date): Promise<void> {
  await enqueue(tx, 'refund.pay', { refundOrderId: r.refundOrderId }, { key: String(r.refundOrderId), maxAttempts: REFUND_PAY_ATTEMPTS });
  await settleRefundPoints(tx, r, fullyRefunded, at);
}

/** Units of each item (`order_product_id`) of orders `orderIds` that their refunded requests (status 3) gave back. */
export async function refundedUnits(db: Db | Tx, orderIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderProductId: refundProduct.orderProductId, num: sql<number>`sum(${refundProduct.refundNum})::int` })
    .from(refundProduct)
    .innerJoin(refundOrder, eq(refundOrder.refundOrderId, refundProduct.refundOrderId))
    .where(and(inArray(refundOrder.orderId, orderIds), eq(refundOrder.status, REFUND_STATUS.refunded)))
    .groupBy(refundProduct.orderProductId);
  return new Map(rows.map((x) => [x.orderProductId, x.num]));
}

/** The points a refund moved: the used points it gave back (`refund_integral`), the earned points it took back (`refund_give_back`). */
export interface PointsMoved {
  back: number;
  taken: number;
}

export const NO_POINTS_MOVED: Readonly<PointsMoved> = Object.freeze({ back: 0, taken: 0 });

/**
 * What refunds moved of the points of shopper `uid` (or shoppers: the buyers of refunds `links` name), per ledger link
 * in `links` (a refund's `refund_order_sn`, or an order's id for full refunds from before refunds were linked): its
 * `refund_integral` and `refund_give_back` rows (at most one of each per shopper and link, `user_bill_once_uq`; a
 * refund number's rows are its buyer's only). Every link is in the answer, 0 and 0 when nothing is linked to it.
 */
export async function pointsMovedBy(
  db: Db | Tx,
  uid: number | readonly number[],
  links: readonly string[],
): Promise<Map<string, PointsMoved>> {
  const out = new Map(links.map((l) => [l, { ...NO_POINTS_MOVED }]));
  if (!links.length) return out;
  const rows = await db
    .select({ link: userBill.linkId, type: userBill.type, number: userBill.number })
    .from(userBill)
    .where(
      and(
        typeof uid === 'number' ? eq(userBill.uid, uid) : inArray(userBill.uid, [...new Set(uid)]),
        eq(userBill.category, 'integral'),
        inArray(userBill.type, ['refund_integral', 'refund_give_back']),
        inArray(userBill.linkId, [...links]),
      ),
    );
  for (const row of rows) {
    const m = out.get(row.link)!;
    if (row.type === 'refund_integral') m.back += row.number;
    else m.taken += row.number;
  }
  return out;
}

/**
 * What each of refunds `rows` moved of its buyer's points (`pointsMovedBy` of its number), by `refund_order_id`. A
 * refunded request whose number has none may be a full refund from before refunds were linked, whose rows are linked to
 * the order's id: they are its when it is the order's only refunded request and no refund of the order has rows of its
 * own (those rows were written when the order became fully refunded, by the request that made it so, and a request can
 * only be refunded once). Of an order fully refunded then by several requests, none is shown the order's rows: which
 * of them made it fully refunded is not recorded.
 */
export async function refundsPointsMoved(db: Db | Tx, rows: readonly RefundRow[]): Promise<Map<number, PointsMoved>> {
  if (!rows.length) return new Map();
  const own = await pointsMovedBy(
    db,
    rows.map((r) => r.uid),
    rows.map((r) => r.refundOrderSn),
  );
  const out = new Map(rows.map((r) => [r.refundOrderId, own.get(r.refundOrderSn) ?? { ...NO_POINTS_MOVED }]));
  const unlinked = rows.filter((r) => {
    const m = out.get(r.refundOrderId)!;
    return r.status === REFUND_STATUS.refunded && m.back === 0 && m.taken === 0;
  });
  if (!unlinked.length) return out;
  const siblings = await db
    .select({ orderId: refundOrder.orderId, sn: refundOrder.refundOrderSn, status: refundOrder.status })
    .from(refundOrder)
    .where(inArray(refundOrder.orderId, [...new Set(unlinked.map((r) => r.orderId))]));
  const only = unlinked.filter((r) => siblings.filter((x) => x.orderId === r.orderId && x.status === REFUND_STATUS.refunded).length === 1);
  if (!only.length) return out;
  const orderIds = new Set(only.map((r) => r.orderId));
  const ofOrders = siblings.filter((x) => orderIds.has(x.orderId));
  // An order's id links only its own buyer's rows of these types.
  const moved = await pointsMovedBy(
    db,
    only.map((r) => r.uid),
    [...ofOrders.map((x) => x.sn), ...[...orderIds].map(String)],
  );
  const none = (m: PointsMoved | undefined) => !m || (m.back === 0 && m.taken === 0);
  for (const r of only) {
    if (!ofOrders.every((x) => x.orderId !== r.orderId || none(moved.get(x.sn)))) continue;
    const legacy = moved.get(String(r.orderId));
    if (!none(legacy)) out.set(r.refundOrderId, legacy!);
  }
  return out;
}

/** `round(total × k / n)` in integers (halves up), as refundable-items.ts shares a line's money by units. */
const part = (total: number, k: number, n: number) => (n <= 0 ? 0 : Math.floor((2 * total * k + n) / (2 * n)));

/**
 * What the refunded units of an order are owed of `total` points spread over its lines by `weights` (`spread()`:
 * each line's share), each line's share counted by units, cumulatively (units 1..r of n: `part(share, r, n)`), so the
 * refunds of every unit add up to exactly `total` however they were split. A fully refunded order is owed `total`.
 */
export function refundedShare(
  total: number,
  lines: readonly { weight: number; productNum: number; refunded: number }[],
  fullyRefunded: boolean,
): number {
  if (fullyRefunded) return total;
  const shares = spread(
    total,
    lines.map((l) => l.weight),
  );
  return lines.reduce((a, l, k) => a + part(shares[k]!, Math.min(l.refunded, l.productNum), l.productNum), 0);
}

/**
 * The points of refund request `r`, just refunded (status 3), in its transaction under the store order's row lock:
 * - the points the order used (`store_order.integral`, spread over its lines by their `integral_price`) that its
 *   refunded units are owed come back (ledger type `refund_integral`);
 * - the points its receipt gave (`order_give`, spread over its lines by their `pay_price`) that its refunded units
 *   earned are taken back (`refund_give_back`), as far as the shopper has them (`upToBalance`).
 * Each is cumulative: what every refunded request of the order is owed, less what the order's other refunds already
 * moved, so several refunds adding up to the whole order move exactly what a full refund moves (all the points used,
 * all the points given, as far as they are left; a shortfall is taken at the next refund). Both rows are linked to
 * the request's `refund_order_sn`, so each happens once per request whatever calls it again. Coupons are not
 * returned (the reference's rule).
 */
export async function settleRefundPoints(tx: Tx, r: RefundRow, fullyRefunded: boolean, at: Date): Promise<void> {
  const [o] = await tx
    .select({ uid: storeOrder.uid, integral: storeOrder.integral, orderSn: storeOrder.orderSn, groupOrderId: storeOrder.groupOrderId })
    .from(storeOrder)
    .where(eq(storeOrder.orderId, r.orderId));
  if (!o) return;
  const orderLink = String(r.orderId);
  const [given] = await tx
    .select({ number: userBill.number })
    .from(userBill)
    .where(
      and(eq(userBill.uid, o.uid), eq(userBill.category, 'integral'), eq(userBill.type, 'order_give'), eq(userBill.linkId, orderLink)),
    );
  const earned = given?.number ?? 0;
  if (o.integral <= 0 && earned <= 0) return;
  const lines = await tx
    .select({
      orderProductId: storeOrderProduct.orderProductId,
      productNum: storeOrderProduct.productNum,
      integralPrice: storeOrderProduct.integralPrice,
      payPrice: storeOrderProduct.payPrice,
    })
    .from(storeOrderProduct)
    .where(eq(storeOrderProduct.orderId, r.orderId))
    .orderBy(asc(storeOrderProduct.orderProductId));
  const refunded = await refundedUnits(tx, [r.orderId]);
  const unitsOf = (id: number) => refunded.get(id) ?? 0;
  // What the order's other refunds moved: rows linked to their numbers (and to the order, as full refunds were linked
  // before partial refunds moved points).
  const others = await tx
    .select({ sn: refundOrder.refundOrderSn })
    .from(refundOrder)
    .where(and(eq(refundOrder.orderId, r.orderId), ne(refundOrder.refundOrderId, r.refundOrderId)));
  const moved = [...(await pointsMovedBy(tx, o.uid, [orderLink, ...others.map((x) => x.sn)])).values()].reduce(
    (a, m) => ({ back: a.back + m.back, taken: a.taken + m.taken }),
    NO_POINTS_MOVED,
  );
  const link = r.refundOrderSn;
  const what = fullyRefunded ? `订单${o.orderSn}全部退款` : `退款单${r.refundOrderSn}`;
  const back =
    refundedShare(
      o.integral,
      lines.map((l) => ({ weight: l.integralPrice, productNum: l.productNum, refunded: unitsOf(l.orderProductId) })),
      fullyRefunded,
    ) - moved.back;
  if (back > 0) {
    await changeWallet(tx, {
      uid: o.uid,
      category: 'integral',
      type: 'refund_integral',
      pm: 1,
      number: back,
      linkId: link,
      // Points the checkout took (linked to the group order): they come back with the due date they had.
      undoes: { type: 'deduction', linkId: String(o.groupOrderId) },
      title: MONEY_TEXT.integralTitle,
      mark: `${what}，退回${back}积分`,
      at,
    });
  }
  const takeBack =
    refundedShare(
      earned,
      lines.map((l) => ({ weight: l.payPrice, productNum: l.productNum, refunded: unitsOf(l.orderProductId) })),
      fullyRefunded,
    ) - moved.taken;
  if (takeBack <= 0) return;
  const [have] = await tx.select({ integral: users.integral }).from(users).where(eq(users.uid, o.uid)).for('update');
  const take = Math.min(takeBack, have?.integral ?? 0);
  await changeWallet(tx, {
    uid: o.uid,
    category: 'integral',
    type: 'refund_give_back',
    pm: 0,
    number: takeBack,
    upToBalance: true,
    linkId: link,
    // From the points the receipt gave first, not from older points the shopper would lose sooner.
    undoes: { type: 'order_give', linkId: orderLink },
    title: MONEY_TEXT.giveBackTitle,
    mark: `${what}，扣回赠送的${take}积分`,
    at,
  });
}

/** One payment a refund takes money back from, and how much. */
interface Part {
  pay: PaymentRow;
  amount: number;
}

/**
 * Where the money of refund `r` comes back from: the paid payment of its group order, and for a presale order whose
 * balance was paid, that payment first (up to what it took, less what earlier refunds of the order took from it),
 * then the deposit's. Earlier means refunded requests of the same order with a smaller id, so the split is the same
 * on every attempt.
 */
async function partsOf(db: Db, r: RefundRow): Promise<Part[] | null> {
  const [o] = await db.select({ groupOrderId: storeOrder.groupOrderId }).from(storeOrder).where(eq(storeOrder.orderId, r.orderId));
  if (!o) return null;
  const paid = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.status, 'paid'),
        sql`((${payment.subject} = 'group' and ${payment.subjectId} = ${o.groupOrderId}) or (${payment.subject} = 'presell' and ${payment.subjectId} = ${r.orderId}))`,
      ),
    );
  const group = paid.find((p) => p.subject === 'group');
  const balance = paid.find((p) => p.subject === 'presell');
  if (!group) return null;
  if (!balance) return [{ pay: group, amount: r.refundPrice }];
  const [earlier] = await db
    .select({ sum: sql<string>`coalesce(sum(${refundOrder.refundPrice}), 0)` })
    .from(refundOrder)
    .where(
      and(
        eq(refundOrder.orderId, r.orderId),
        eq(refundOrder.status, REFUND_STATUS.refunded),
        lt(refundOrder.refundOrderId, r.refundOrderId),
      ),
    );
  const fromBalance = Math.min(r.refundPrice, Math.max(0, balance.amount - Number(earlier?.sum ?? 0)));
  return [
    { pay: balance, amount: fromBalance },
    { pay: group, amount: r.refundPrice - fromBalance },
  ].filter((p) => p.amount > 0);
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Records a failed attempt: `retrying` (the job tries again), or `failed` after the last attempt. */
async function recordFailure(db: Db, id: number, reason: string, last: boolean): Promise<void> {
  await db
    .update(refundOrder)
    .set({ moneyState: last ? 'failed' : 'retrying', moneyError: reason })
    .where(and(eq(refundOrder.refundOrderId, id), inArray(refundOrder.moneyState, ['pending', 'retrying'])));
}

export class RefundMoneyError extends Error {}

/**
 * Pays refund request `refundOrderId` back, exactly once, the way its order was paid:
 * - gateway parts (sandbox, Alipay): `provider.refund()` with the request's `refund_order_sn` as the idempotency key,
 *   outside any transaction (a repeat is answered with the first refund, never a second one);
 * - then ONE transaction: the conditional flip `money_state in (pending, retrying) → done` with the channel, the
 *   gateway's refund number and `refunded_at`; the balance part (if any) credited to `users.now_money` with its
 *   `user_bill` row (type `refund`, link the refund number: unique, so never twice), a timeline line and the shopper's
 *   SMS (`shopper.notify`, queued).
 * A second run, or one racing another (the request's own try and the job), finds the state no longer pending and
 * changes nothing. A gateway failure is recorded (`retrying` with `money_error`; `failed` when `last`) and thrown, so
 * the job retries with backoff. Resolves with the request's money state.
 */
export async function payRefund(db: Db, refundOrderId: number, opts: { last?: boolean } = {}): Promise<RefundMoneyState> {
  const [r] = await db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, refundOrderId));
  if (!r) return 'none';
  if (r.status !== REFUND_STATUS.refunded || (r.moneyState !== 'pending' && r.moneyState !== 'retrying')) return r.moneyState;
  const parts = r.refundPrice > 0 ? await partsOf(db, r) : [];
  if (!parts) {
    await recordFailure(db, r.refundOrderId, MONEY_TEXT.noPayment, opts.last ?? false);
    throw new RefundMoneyError(`refund ${r.refundOrderSn}: ${MONEY_TEXT.noPayment}`);
  }
  const channels: string[] = [];
  const refundNos: string[] = [];
  let toBalance = 0;
  for (const part of parts) {
    if (part.pay.provider === 'balance') {
      toBalance += part.amount;
      if (!channels.includes('balance')) channels.push('balance');
      continue;
    }
    try {
      const provider = await refundProvider(db, part.pay);
      if (!provider) throw new RefundMoneyError(MONEY_TEXT.noProvider(part.pay.provider));
      const res = await provider.refund({
        outTradeNo: part.pay.outTradeNo,
        providerTradeNo: part.pay.providerTradeNo,
        refundNo: r.refundOrderSn,
        amount: part.amount,
        tradeAmount: part.pay.amount,
        reason: r.refundMessage || '退款',
      });
      channels.push(part.pay.provider);
      refundNos.push(res.providerRefundNo);
    } catch (err) {
      const reason = errorText(err);
      await recordFailure(db, r.refundOrderId, `${part.pay.provider}: ${reason}`, opts.last ?? false);
      throw new RefundMoneyError(`refund ${r.refundOrderSn} through ${part.pay.provider}: ${reason}`);
    }
  }
  const at = now();
  await transaction(db, async (tx) => {
    const [done] = await tx
      .update(refundOrder)
      .set({
        moneyState: 'done',
        refundChannel: channels.join('+') || 'none',
        providerRefundNo: refundNos.join(','),
        moneyError: '',
        refundedAt: at,
      })
      .where(and(eq(refundOrder.refundOrderId, r.refundOrderId), inArray(refundOrder.moneyState, ['pending', 'retrying'])))
      .returning();
    if (!done) return;
    // The shopper hears that the money went back (SMS by the job, once per request).
    if (r.refundPrice > 0) await queueShopperNotice(tx, { event: 'refunded', refundOrderId: r.refundOrderId });
    if (toBalance > 0) {
      await changeWallet(tx, {
        uid: r.uid,
        category: 'now_money',
        type: 'refund',
        pm: 1,
        number: toBalance,
        linkId: r.refundOrderSn,
        title: MONEY_TEXT.billTitle,
        mark: `退款单${r.refundOrderSn}退款¥${toYuan(toBalance)}到余额`,
        at,
      });
    }
    const [o] = await tx.select({ groupOrderId: storeOrder.groupOrderId }).from(storeOrder).where(eq(storeOrder.orderId, r.orderId));
    await tx.insert(storeOrderStatus).values({
      orderId: r.orderId,
      groupOrderId: o?.groupOrderId ?? 0,
      changeType: 'refund_done',
      changeMessage:
        r.refundPrice === 0
          ? `退款单${r.refundOrderSn}已完成，实付¥0，无款项退回`
          : `退款单${r.refundOrderSn}已退款¥${toYuan(r.refundPrice)}，${channels.includes('balance') && channels.length === 1 ? '已退回余额' : '已原路退回'}`,
      createdAt: at,
    });
  });
  const [after] = await db.select({ s: refundOrder.moneyState }).from(refundOrder).where(eq(refundOrder.refundOrderId, r.refundOrderId));
  return after?.s ?? 'none';
}

/**
 * The request's own try, right after the transition committed (so a balance refund shows at once): never throws;
 * a failure stays recorded as `retrying` and the queued `refund.pay` job takes over.
 */
export async function payRefundNow(db: Db, refundOrderId: number): Promise<void> {
  try {
    await payRefund(db, refundOrderId);
  } catch (err) {
    console.warn(`[mallfront] ${errorText(err)}; the refund.pay job will retry`);
  }
}
