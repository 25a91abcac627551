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

/**
 * `GET /api/user`: the user plus the wallet figures the reference's account, balance and payment pages read.
 * Money is yuan strings like every price; the balance and points ledgers arrive with the user-centre work,
 * until then every account shows the contract's zeros.
 */
export interface UserAccountDto extends UserDto {
  now_money: string;
  integral: number;
  total_recharge: string;
  total_consume: string;
  /** SVIP membership, 0 = none (the header shows the crown when > 0 and the site's SVIP switch is on). */
  is_svip: number;
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

/** One node of a mainland region path: region code and name. */
export interface AreaNodeDto {
  id: number;
  name: string;
}

/**
 * A shopper's delivery address (reference `/user/address_list`). `phone` is the national number for a mainland
 * number and international (`+1 202 555 0123`) otherwise. Mainland addresses carry `area` (province to street)
 * with `province_id` and `city_id` (the last node); overseas ones a free region and city, `post_code`, empty
 * `area` and zero ids.
 */
export interface AddressDto {
  address_id: number;
  real_name: string;
  phone: string;
  country: string;
  province: string;
  city: string;
  district: string;
  street: string;
  city_id: number;
  province_id: number;
  area: AreaNodeDto[];
  post_code: string;
  detail: string;
  is_default: 0 | 1;
}

/** A region of the 4-level picker (`GET /api/v2/system/city/lst/{pid}`); `snum` is its number of children. */
export interface RegionDto {
  id: number;
  name: string;
  parent_id: number;
  level: number;
  snum: number;
}
