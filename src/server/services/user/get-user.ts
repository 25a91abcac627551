import { eq, sql } from 'drizzle-orm';
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

/**
 * `GET /api/user`: the signed-in user with the wallet figures of the reference's user pages: balance and points as
 * stored (each kept equal to its ledger, `user_bill`), top-ups and spending summed from the balance ledger.
 * `is_svip` stays 0 while the mall runs no SVIP programme.
 */
export async function getUser(ctx: ServiceContext): Promise<UserAccountDto> {
  const user = requireUser(ctx);
  const [wallet] = await ctx.db
    .select({
      nowMoney: users.nowMoney,
      integral: users.integral,
      recharged: sql<number>`(select coalesce(sum(${userBill.number}), 0)::int from ${userBill} where ${userBill.uid} = ${users.uid} and ${userBill.category} = 'now_money' and ${userBill.type} = 'recharge')`,
      spent: sql<number>`(select coalesce(sum(${userBill.number}), 0)::int from ${userBill} where ${userBill.uid} = ${users.uid} and ${userBill.category} = 'now_money' and ${userBill.pm} = 0)`,
    })
    .from(users)
    .where(eq(users.uid, user.uid));
  return {
    ...toUserDto(user),
    now_money: toYuan(wallet?.nowMoney ?? 0),
    integral: wallet?.integral ?? 0,
    total_recharge: toYuan(wallet?.recharged ?? 0),
    total_consume: toYuan(wallet?.spent ?? 0),
    is_svip: 0,
  };
}
