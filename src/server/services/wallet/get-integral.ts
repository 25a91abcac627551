import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ORDER_STATUS, storeOrder, storeOrderProduct, userBill, users } from '../../db/schema/index.ts';
import { POINTS_RETURN_TYPES, POINTS_TAKE_BACK_TYPES, type IntegralInfoDto } from '../../../shared/wallet.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { afterSaleSettings, pointsFor } from '../order/order-rules.ts';
import { refundedShare, refundedUnits } from '../refund/refund-money.ts';
import type { Db } from '../../db/client.ts';
import { formatDateTime, mallDate } from '../dates.ts';
import { integralValidDays, liveLots } from './change-wallet.ts';

export const INTEGRAL_TEXT = { closed: '积分功能未开启' } as const;

/** Refuses while the operator has points switched off (`integral_status`), as the reference's backend does. */
export async function pointsOpen(ctx: ServiceContext) {
  const settings = await afterSaleSettings(ctx.db);
  if (!settings.integralOpen) throw new ServiceError('refused', INTEGRAL_TEXT.closed);
  return settings;
}

/**
 * `GET /api/user/integral/info` (login required): the shopper's points now, gained, used and frozen (see
 * IntegralInfoDto). Frozen points are those each paid order waiting to be shipped or received (status 0 or 1, not
 * deleted) will give on receipt at today's rate (`order_give_integral` a yuan paid, whole points per order), less the
 * share of the items already refunded, the way receive-order.ts credits them.
 */
export async function getIntegralInfo(ctx: ServiceContext): Promise<IntegralInfoDto> {
  const user = requireUser(ctx);
  const settings = await pointsOpen(ctx);
  // A give-back of used points lessens what was used, a take-back of earned points what was gained: neither is a use.
  const returned = inArray(userBill.type, [...POINTS_RETURN_TYPES]);
  const takenBack = inArray(userBill.type, [...POINTS_TAKE_BACK_TYPES]);
  const [[u], [sums], locked, validDays] = await Promise.all([
    ctx.db.select({ integral: users.integral }).from(users).where(eq(users.uid, user.uid)),
    ctx.db
      .select({
        gained: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 1 and not ${returned}), 0)::int`,
        lost: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 0 and ${takenBack}), 0)::int`,
        spent: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 0 and not ${takenBack}), 0)::int`,
        back: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 1 and ${returned}), 0)::int`,
      })
      .from(userBill)
      .where(and(eq(userBill.uid, user.uid), eq(userBill.category, 'integral'))),
    frozenPoints(ctx.db, user.uid, settings.givePerYuan),
    integralValidDays(ctx.db),
  ]);
  const soonest = validDays > 0 ? await soonestExpiry(ctx.db, user.uid) : null;
  return {
    integral: u?.integral ?? 0,
    totalGainIntegral: (sums?.gained ?? 0) - (sums?.lost ?? 0),
    deductionIntegral: (sums?.spent ?? 0) - (sums?.back ?? 0),
    lockIntegral: locked,
    validDays,
    expireIntegral: soonest?.integral ?? 0,
    expireTime: formatDateTime(soonest?.at),
  };
}

/** The shopper's points due to expire soonest: the unspent of their lots due on the mall day of the soonest due date. */
async function soonestExpiry(db: Db, uid: number): Promise<{ integral: number; at: Date } | null> {
  const lots = await db
    .select({ unspent: userBill.unspent, expiresAt: userBill.expiresAt })
    .from(userBill)
    .where(and(liveLots(uid), isNotNull(userBill.expiresAt)))
    .orderBy(asc(userBill.expiresAt))
    .limit(100);
  const first = lots[0]?.expiresAt;
  if (!first) return null;
  const day = mallDate(first);
  const integral = lots.filter((l) => mallDate(l.expiresAt!) === day).reduce((a, l) => a + (l.unspent ?? 0), 0);
  return { integral, at: first };
}

/**
 * The points the shopper's paid orders awaiting shipment or receipt will give on receipt: `pointsFor` their payment,
 * less what their items refunded meanwhile are owed of it (`refundedShare`, as the receipt takes it back at once).
 */
async function frozenPoints(db: Db, uid: number, perYuan: number): Promise<number> {
  const orders = await db
    .select({ orderId: storeOrder.orderId, payPrice: storeOrder.payPrice })
    .from(storeOrder)
    .where(
      and(
        eq(storeOrder.uid, uid),
        eq(storeOrder.paid, true),
        eq(storeOrder.isDel, false),
        inArray(storeOrder.status, [ORDER_STATUS.toShip, ORDER_STATUS.toReceive]),
      ),
    );
  const points = new Map(orders.map((o) => [o.orderId, pointsFor(o.payPrice, perYuan)]));
  const ids = orders.filter((o) => points.get(o.orderId)! > 0).map((o) => o.orderId);
  if (!ids.length) return 0;
  const units = await refundedUnits(db, ids);
  let total = [...points.values()].reduce((a, n) => a + n, 0);
  if (!units.size) return total;
  const lines = await db
    .select({
      orderId: storeOrderProduct.orderId,
      orderProductId: storeOrderProduct.orderProductId,
      productNum: storeOrderProduct.productNum,
      payPrice: storeOrderProduct.payPrice,
    })
    .from(storeOrderProduct)
    .where(inArray(storeOrderProduct.orderId, ids))
    .orderBy(storeOrderProduct.orderProductId);
  for (const id of ids) {
    const of = lines.filter((l) => l.orderId === id);
    if (!of.some((l) => units.has(l.orderProductId))) continue;
    total -= refundedShare(
      points.get(id)!,
      of.map((l) => ({ weight: l.payPrice, productNum: l.productNum, refunded: units.get(l.orderProductId) ?? 0 })),
      false,
    );
  }
  return total;
}
