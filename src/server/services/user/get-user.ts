import { and, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { userBill, users } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { requireUser, type ServiceContext, type SessionUser } from '../context.ts';
import type { UserAccountDto, UserDto } from '../../../shared/dto.ts';

export type { UserAccountDto, UserDto };

/** 138****8000 for mainland numbers; shorter numbers keep at most a third of their digits visible. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length >= 11) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  if (phone.length >= 7) return `${phone.slice(0, 2)}****${phone.slice(-2)}`;
  return phone.length > 2 ? `${phone[0]}****${phone.slice(-1)}` : '****';
}

export function toUserDto(u: SessionUser): UserDto {
  return {
    uid: u.uid,
    nickname: u.nickname,
    avatar: u.avatar,
    phone: maskPhone(u.phone),
    phone_code: u.phoneCode,
    is_open_member: u.isOpenMember ? 1 : 0,
    is_money_level: u.isMoneyLevel,
    scope: u.scope,
  };
}

/** Balance ledger types of money spent on orders, and of money an order's refund gave back to the balance. */
export const CONSUME_TYPES = ['pay_order', 'pay_presell'] as const;
export const CONSUME_BACK_TYPES = ['refund'] as const;

/**
 * `GET /api/user`: the signed-in user with the wallet figures of the reference's user pages: balance and points as
 * stored (each kept equal to its ledger, `user_bill`, by services/wallet), and two sums of the balance ledger:
 * `total_recharge` = money topped up: the operator's additions through its API (`system_add` linked `op:<key>`;
 * gross: an operator deduction does not un-recharge) and recharges (`recharge`); the seed's welcome gift is not one; `total_consume` = money spent on orders (`pay_order`, `pay_presell`) NET of refunds paid back to
 * the balance (`refund`), never below 0, so a refunded purchase is not counted as spent.
 * `is_svip` stays 0 while the mall runs no SVIP programme.
 */
export async function getUser(ctx: ServiceContext): Promise<UserAccountDto> {
  const user = requireUser(ctx);
  // One scan of the shopper's balance rows (a correlated subquery per sum rendered its `users.uid` unqualified, so
  // it matched every shopper's rows).
  const sumOf = (which: SQL | undefined) => sql<number>`coalesce(sum(${userBill.number}) filter (where ${which}), 0)::int`;
  const [[wallet], [sums]] = await Promise.all([
    ctx.db.select({ nowMoney: users.nowMoney, integral: users.integral }).from(users).where(eq(users.uid, user.uid)),
    ctx.db
      .select({
        recharged: sumOf(or(eq(userBill.type, 'recharge'), and(eq(userBill.type, 'system_add'), like(userBill.linkId, 'op:%')))),
        paid: sumOf(inArray(userBill.type, [...CONSUME_TYPES])),
        back: sumOf(inArray(userBill.type, [...CONSUME_BACK_TYPES])),
      })
      .from(userBill)
      .where(and(eq(userBill.uid, user.uid), eq(userBill.category, 'now_money'))),
  ]);
  const spent = Math.max(0, (sums?.paid ?? 0) - (sums?.back ?? 0));
  return {
    ...toUserDto(user),
    now_money: toYuan(wallet?.nowMoney ?? 0),
    integral: wallet?.integral ?? 0,
    total_recharge: toYuan(sums?.recharged ?? 0),
    total_consume: toYuan(spent),
    is_svip: 0,
  };
}
