import { requireUser, type ServiceContext, type SessionUser } from '../context.ts';
import type { UserDto } from '../../../shared/dto.ts';

export type { UserDto };


export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone.replace(/.(?=.)/g, '*');
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
