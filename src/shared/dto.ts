import type { MerFormInfo } from './order-form.ts';

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

// ---- Checkout (`POST /api/v2/order/check`, reference section 4c) ----

export interface CheckCouponDto {
  coupon_user_id: number;
  coupon_id: number;
  coupon_title: string;
  coupon_price: string;
  use_min_price: string;
  end_time: string | null;
  checked: boolean;
  /** '' when usable on this order, else why not. */
  disabled_reason: string;
  /** What it takes off this order when used. */
  discount: string;
  coupon: { type: number; type_name: string; send_type: number };
}

/** `productPresell` of a check line: the presale activity (reference section 4c). Times are `YYYY-MM-DD HH:mm:ss`. */
export interface CheckPresellDto {
  product_presell_id: number;
  product_id: number;
  store_name: string;
  /** 1 full payment, 2 deposit then balance. */
  presell_type: number;
  /** 1 while the presale is enabled (a disabled one cannot be checked out). */
  status: number;
  /** 0 not started, 1 in progress, 2 ended. */
  presell_status: number;
  start_time: string;
  end_time: string;
  /** The balance window of a deposit presale; null for full payment. */
  final_start_time: string | null;
  final_end_time: string | null;
  /** Shipping promise: 1 `delivery_day` days after the (balance) payment, 2 `delivery_day` days after the presale ends. */
  delivery_type: number;
  delivery_day: number;
  /** Per-shopper cap; 0 = none. */
  pay_count: number;
}

/**
 * `take` of a check's shop (reference section 4c): its pickup point, always an object. `mer_take_status` 1 when the
 * shop offers pickup (as `order.allow_take`); 0 with every other field empty when it does not.
 */
export interface CheckTakeDto {
  mer_take_status: number;
  /** The pickup point's name: the shop's own. */
  mer_take_name: string;
  mer_take_phone: string;
  mer_take_address: string;
  /** Coordinates `[lat, lng]` in the reference; we keep none, so always empty. */
  mer_take_location: string[];
  /** Opening weekdays (1-7) in the reference; ours are written in `mer_take_time`, so always empty. */
  mer_take_day: number[];
  /** Opening hours as the shop writes them ('每天 09:00-21:00'). */
  mer_take_time: string;
}

export interface CheckLineDto {
  cart_id: number;
  cart_num: number;
  product_id: number;
  product_type: number;
  /** The product page shoppers know (the origin product of a flash sale or presale). */
  spu_product_id: number;
  undeliverable: boolean;
  product: { store_name: string; image: string; unit_name: string };
  productAttr: { sku: string; price: string; ot_price: string; stock: number; image: string };
  /** The presale of a presale line (product type 2), named as `GET /api/store/product/presell/detail/{id}` names it; null on other lines. */
  productPresell: CheckPresellDto | null;
  productPresellAttr: { presell_price: string; down_price: string; final_price: string } | null;
  total_price: string;
  pay_price: string;
}

export interface CheckMerchantDto {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  is_trader: number;
  service_phone: string;
  list: CheckLineDto[];
  coupon: CheckCouponDto[];
  order: {
    total_num: number;
    total_price: string;
    svip_discount: string;
    coupon_price: string;
    platform_coupon_price: string;
    integral_price: string;
    postage_price: string;
    pay_price: string;
    isTake: number;
    allow_take: number;
    allow_delivery: number;
    enabledCoupon: number;
  };
  take: CheckTakeDto;
}

/** `POST /api/v2/order/check` data (reference section 4c). */
export interface OrderCheckDto {
  order: CheckMerchantDto[];
  platformCoupon: CheckCouponDto[];
  enabledPlatformCoupon: number;
  total_platform_coupon_price: string;
  order_coupon_price: string;
  order_svip_discount: string;
  order_total_postage: string;
  total_coupon: string;
  /** Ours: the balance its deposit presales will owe, paid in their balance window ('0.00' when none); `order_price` is what is paid now. */
  presell_final_price: string;
  total_price: string;
  total_num: number;
  order_price: string;
  /** Points the order may use and their worth, shown beside the toggle whether it is on or off (as the reference's
   * client reads them); taken off `order_price` only when `useIntegral`. */
  order_total_integral: number;
  order_total_integral_price: string;
  /** The same as `order_total_integral` and its worth (ours, from before the reference's reading was followed). */
  usable_integral: number;
  usable_integral_price: string;
  openIntegral: boolean;
  useIntegral: boolean;
  integral: number;
  /** The activity bought: 0 normal goods, 1 a flash sale, 2 a presale (an activity line is always bought alone). */
  order_type: number;
  order_model: number;
  status: 'finish' | 'noAddress' | 'noDeliver';
  address: { address_id: number; real_name: string; phone: string; address: string } | null;
  cancel_minutes: number;
  /** The shop's order form the shopper fills in before submitting (shared/order-form.ts), 0 / null when none. */
  mer_form_id: number;
  mer_form_info: MerFormInfo | null;
  key: string;
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
