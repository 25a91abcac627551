import { requireUser, type ServiceContext, type SessionUser } from '../context.ts';

/** The user as the API shows it (spec section 3 "User"); the phone is masked. */
export interface UserDto {
  uid: number;
  nickname: string;
  avatar: string;
  phone: string;
  phone_code: string;
  is_open_member: number;
  is_money_level: number;
  scope: string;
}

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
