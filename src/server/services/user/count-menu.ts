import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { couponUser } from '../../db/schema/index.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { now } from '../dates.ts';
import { countPayable } from '../order/count-orders.ts';
import { flag, readSettings } from '../site/read-settings.ts';
import { ROUTES } from '../../../shared/routes.ts';
import type { UserMenuCounts } from '../../../shared/user-menu.ts';

/**
 * The figures of the user centre's left menu: unpaid orders still payable (as the 待付款 tab counts them) and
 * coupons usable now (claimed, unused, started and not past their end).
 */
export async function countUserMenu(ctx: ServiceContext, at = now()): Promise<UserMenuCounts> {
  const user = requireUser(ctx);
  const [unpaid, [coupons]] = await Promise.all([
    countPayable(ctx.db, user.uid),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponUser)
      .where(and(eq(couponUser.uid, user.uid), eq(couponUser.status, 0), lte(couponUser.startTime, at), gt(couponUser.endTime, at))),
  ]);
  return { unpaid_orders: unpaid, usable_coupons: coupons?.n ?? 0 };
}

/**
 * The `/user` pages the operator has switched off, left out of the menu: 我的余额 while `balance_func_status` is 0 and
 * 我的积分 while `integral_status` is 0 (both default on, as `GET /api/config` reads them).
 */
export async function switchedOffUserPages(ctx: Pick<ServiceContext, 'db'>): Promise<string[]> {
  const m = await readSettings(ctx);
  return [
    ...(flag(m.get('balance_func_status'), 1) === 0 ? [ROUTES.userBalance.path] : []),
    ...(flag(m.get('integral_status'), 1) === 0 ? [ROUTES.userIntegral.path] : []),
  ];
}
