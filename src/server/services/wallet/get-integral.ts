import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS, storeOrder, userBill, users } from '../../db/schema/index.ts';
import { POINTS_RETURN_TYPES, type IntegralInfoDto } from '../../../shared/wallet.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { afterSaleSettings } from '../order/order-rules.ts';
import { integralValidDays } from './change-wallet.ts';

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
 * deleted) will give on receipt at today's rate (`order_give_integral` a yuan paid, whole points per order), the
 * way receive-order.ts credits them.
 */
export async function getIntegralInfo(ctx: ServiceContext): Promise<IntegralInfoDto> {
  const user = requireUser(ctx);
  const settings = await pointsOpen(ctx);
  const returned = inArray(userBill.type, [...POINTS_RETURN_TYPES]);
  const [[u], [sums], [locked], validDays] = await Promise.all([
    ctx.db.select({ integral: users.integral }).from(users).where(eq(users.uid, user.uid)),
    ctx.db
      .select({
        gained: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 1 and not ${returned}), 0)::int`,
        spent: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 0), 0)::int`,
        back: sql<number>`coalesce(sum(${userBill.number}) filter (where ${userBill.pm} = 1 and ${returned}), 0)::int`,
      })
      .from(userBill)
      .where(and(eq(userBill.uid, user.uid), eq(userBill.category, 'integral'))),
    ctx.db
      .select({ n: sql<number>`coalesce(sum(floor(${storeOrder.payPrice} * ${settings.givePerYuan} / 100)), 0)::int` })
      .from(storeOrder)
      .where(
        and(
          eq(storeOrder.uid, user.uid),
          eq(storeOrder.paid, true),
          eq(storeOrder.isDel, false),
          inArray(storeOrder.status, [ORDER_STATUS.toShip, ORDER_STATUS.toReceive]),
        ),
      ),
    integralValidDays(ctx.db),
  ]);
  return {
    integral: u?.integral ?? 0,
    totalGainIntegral: sums?.gained ?? 0,
    deductionIntegral: (sums?.spent ?? 0) - (sums?.back ?? 0),
    lockIntegral: locked?.n ?? 0,
    validDays,
  };
}
