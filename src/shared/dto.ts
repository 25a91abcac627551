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
