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
 * Balance, points and SVIP figures: the users table has no such columns yet (the user-centre issue adds
 * the ledgers), so every account shows the contract's zeros, which is what a new account has anyway.
 */
const NO_WALLET = { now_money: '0.00', integral: 0, total_recharge: '0.00', total_consume: '0.00', is_svip: 0 } as const;

/** `GET /api/user`: the signed-in user with the wallet figures of the reference's user pages. */
export function getUser(ctx: ServiceContext): UserAccountDto {
  return { ...toUserDto(requireUser(ctx)), ...NO_WALLET };
}
