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

/** A country of the ship-to picker and the phone fields (spec section 3 "Country option"). */
export interface CountryOption {
  value: string;
  label: string;
  currency_code: string;
  phone_code: string;
}

/** Spec section 3 "Currency option". */
export interface CurrencyOption {
  value: string;
  label: string;
  symbol: string;
}

/** Every paged list of the API (ARCHITECTURE "The API contract"). */
export interface ListPage<T> {
  count: number;
  list: T[];
}
