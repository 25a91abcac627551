import { orderKey } from '../../db/schema/index.ts';
import { newToken, hashToken } from '../../auth/tokens.ts';
import { toYuan } from '../../../shared/money.ts';
import { orderCheckInput, type OrderCheckInput } from '../../../shared/schemas/order.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { couponTypeLabel } from '../coupon/coupon-rules.ts';
import { loadCheckout, type Checkout } from './checkout.ts';
import type { PricedCoupon } from './price-order.ts';

/** How long the `key` of a check stays good for create. */
export const ORDER_KEY_TTL_MS = 30 * 60_000;

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
  take: { mer_take_address: string; mer_take_phone: string; mer_take_time: string } | null;
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
  total_price: string;
  total_num: number;
  order_price: string;
  order_total_integral: number;
  order_total_integral_price: string;
  /** Points the order may use and their worth, shown beside the toggle whether it is on or off. */
  usable_integral: number;
  usable_integral_price: string;
  openIntegral: boolean;
  useIntegral: boolean;
  integral: number;
  order_type: number;
  order_model: number;
  status: 'finish' | 'noAddress' | 'noDeliver';
  address: { address_id: number; real_name: string; phone: string; address: string } | null;
  cancel_minutes: number;
  mer_form_id: number;
  key: string;
}

const couponDto = (c: PricedCoupon): CheckCouponDto => ({
  coupon_user_id: c.couponUserId,
  coupon_id: c.couponId,
  coupon_title: c.title,
  coupon_price: toYuan(c.couponPrice),
  use_min_price: toYuan(c.useMinPrice),
  end_time: formatDateTime(c.endTime),
  checked: c.checked,
  disabled_reason: c.reason,
  discount: toYuan(c.discount),
  coupon: { type: c.type, type_name: couponTypeLabel(c.type), send_type: 0 },
});

/** The check's answer for a priced checkout (also the checkout page's data). */
export function checkoutDto(c: Checkout, key: string): OrderCheckDto {
  const p = c.priced;
  return {
    order: p.merchants.map((m) => {
      const mer = c.merchants.get(m.merId)!;
      return {
        mer_id: m.merId,
        mer_name: mer.merName,
        mer_avatar: mer.merAvatar,
        is_trader: mer.isTrader ? 1 : 0,
        service_phone: mer.servicePhone,
        list: m.lines.map((l) => {
          const line = c.lines.find((x) => x.cartId === l.cartId)!;
          return {
            cart_id: l.cartId,
            cart_num: l.num,
            product_id: l.productId,
            product_type: l.productType,
            spu_product_id: line.showProductId,
            undeliverable: l.undeliverable,
            product: { store_name: line.storeName, image: line.image, unit_name: line.unitName },
            productAttr: { sku: line.sku, price: toYuan(l.price), ot_price: toYuan(l.otPrice), stock: line.stock, image: line.image },
            productPresellAttr:
              l.productType === 2
                ? {
                    presell_price: toYuan(l.price),
                    down_price: toYuan(l.presellType === 2 ? l.downPrice : l.price),
                    final_price: toYuan(l.presellType === 2 ? l.price - l.downPrice : 0),
                  }
                : null,
            total_price: toYuan(l.goods),
            pay_price: toYuan(l.pay),
          };
        }),
        coupon: m.coupons.map(couponDto),
        order: {
          total_num: m.totalNum,
          total_price: toYuan(m.goods),
          svip_discount: toYuan(m.svip),
          coupon_price: toYuan(m.coupon),
          platform_coupon_price: toYuan(m.platformCoupon),
          integral_price: toYuan(m.integralPrice),
          postage_price: toYuan(m.postage),
          pay_price: toYuan(m.pay),
          isTake: m.isTake ? 1 : 0,
          allow_take: m.allowTake ? 1 : 0,
          allow_delivery: 1,
          enabledCoupon: m.coupons.some((x) => !x.reason) ? 1 : 0,
        },
        take: mer.allowTake ? { mer_take_address: mer.takeAddress, mer_take_phone: mer.takePhone, mer_take_time: mer.takeHours } : null,
      };
    }),
    platformCoupon: p.platformCoupons.map(couponDto),
    enabledPlatformCoupon: p.platformCoupons.some((x) => !x.reason) ? 1 : 0,
    total_platform_coupon_price: toYuan(p.platformCoupon),
    order_coupon_price: toYuan(p.coupon),
    order_svip_discount: toYuan(p.svip),
    order_total_postage: toYuan(p.postage),
    total_coupon: toYuan(p.coupon + p.platformCoupon + p.svip + p.integralPrice),
    total_price: toYuan(p.goods),
    total_num: p.totalNum,
    order_price: toYuan(p.pay),
    order_total_integral: p.integral,
    order_total_integral_price: toYuan(p.integralPrice),
    usable_integral: p.usableIntegral,
    usable_integral_price: toYuan(p.usableIntegralPrice),
    openIntegral: c.settings.integralOpen,
    useIntegral: p.integral > 0,
    integral: c.points,
    order_type: 0,
    order_model: 0,
    status: p.status,
    address: c.address
      ? { address_id: c.address.addressId, real_name: c.address.realName, phone: c.address.phone, address: c.address.text }
      : null,
    cancel_minutes: c.settings.cancelMinutes,
    mer_form_id: 0,
    key,
  };
}

/**
 * `POST /api/v2/order/check`: prices the chosen cart lines for the shopper (address, coupons, pickup, points)
 * and hands out a `key` for create, remembered with the payable it shows.
 */
export async function checkOrder(ctx: ServiceContext, input: OrderCheckInput): Promise<OrderCheckDto> {
  const user = requireUser(ctx);
  const q = parseInput(orderCheckInput, input);
  const checkout = await loadCheckout(ctx.db, user.uid, q);
  const key = newToken();
  await ctx.db.insert(orderKey).values({
    keyHash: hashToken(key),
    uid: user.uid,
    payPrice: checkout.priced.pay,
    expiresAt: new Date(now().getTime() + ORDER_KEY_TTL_MS),
  });
  return checkoutDto(checkout, key);
}
