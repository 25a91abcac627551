import { requireUser, type ServiceContext, type SessionUser } from '../context.ts';
import type { UserDto } from '../../../shared/dto.ts';

export type { UserDto };


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

/** `GET /api/user`. */
export function getUser(ctx: ServiceContext): UserDto {
  return toUserDto(requireUser(ctx));
}
