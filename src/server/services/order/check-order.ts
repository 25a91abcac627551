import { orderKey } from '../../db/schema/index.ts';
import { newToken, hashToken } from '../../auth/tokens.ts';
import { toYuan } from '../../../shared/money.ts';
import { orderCheckInput, type OrderCheckInput } from '../../../shared/schemas/order.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { couponTypeLabel } from '../coupon/coupon-rules.ts';
import { presellFields } from '../promotion/get-presell-detail.ts';
import { loadCheckout, type Checkout, type CheckoutMerchant, type PresellRow } from './checkout.ts';
import type { PricedCoupon } from './price-order.ts';
import { formInfo } from './order-form.ts';
import { balanceAfterDeposit } from './presell-dto.ts';
import type { CheckCouponDto, CheckLineDto, CheckMerchantDto, CheckPresellDto, CheckTakeDto, OrderCheckDto } from '../../../shared/dto.ts';

/** How long the `key` of a check stays good for create. */
export const ORDER_KEY_TTL_MS = 30 * 60_000;

export type { CheckCouponDto, CheckLineDto, CheckMerchantDto, CheckPresellDto, CheckTakeDto, OrderCheckDto };

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

/** `productPresell` of a presale line: the presale detail API's fields (`presellFields`), and `status` 1 (enabled). */
const presellDto = (pr: PresellRow, at: Date): CheckPresellDto => ({ ...presellFields(pr, at), status: pr.status ? 1 : 0 });

/** `take` of a shop: its pickup point, or status 0 and nothing else when it offers no pickup. */
const takeDto = (mer: CheckoutMerchant): CheckTakeDto =>
  mer.allowTake
    ? {
        mer_take_status: 1,
        mer_take_name: mer.merName,
        mer_take_phone: mer.takePhone,
        mer_take_address: mer.takeAddress,
        mer_take_location: [],
        mer_take_day: [],
        mer_take_time: mer.takeHours,
      }
    : {
        mer_take_status: 0,
        mer_take_name: '',
        mer_take_phone: '',
        mer_take_address: '',
        mer_take_location: [],
        mer_take_day: [],
        mer_take_time: '',
      };

/** The check's answer for a priced checkout (also the checkout page's data). */
export function checkoutDto(c: Checkout, key: string): OrderCheckDto {
  const p = c.priced;
  const at = now();
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
            productPresell: line.presell ? presellDto(line.presell, at) : null,
            productPresellAttr:
              l.productType === 2
                ? {
                    presell_price: toYuan(l.price),
                    down_price: toYuan(l.presellType === 2 ? l.downPrice : 0),
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
        take: takeDto(mer),
      };
    }),
    platformCoupon: p.platformCoupons.map(couponDto),
    enabledPlatformCoupon: p.platformCoupons.some((x) => !x.reason) ? 1 : 0,
    total_platform_coupon_price: toYuan(p.platformCoupon),
    order_coupon_price: toYuan(p.coupon),
    order_svip_discount: toYuan(p.svip),
    order_total_postage: toYuan(p.postage),
    total_coupon: toYuan(p.coupon + p.platformCoupon + p.svip + p.integralPrice),
    presell_final_price: toYuan(
      p.merchants
        .flatMap((m) => m.lines)
        .filter((l) => l.presellType === 2)
        .reduce(
          (a, l) =>
            a + balanceAfterDeposit(l.goods - l.svip - l.coupon - l.platformCoupon - l.integralPrice, l.downPrice, l.num, l.postage),
          0,
        ),
    ),
    total_price: toYuan(p.goods),
    total_num: p.totalNum,
    order_price: toYuan(p.pay),
    // The reference's toggle shows "usable order_total_integral worth order_total_integral_price" before it is ticked:
    // what the order may use, whether used or not; `useIntegral` says whether it is taken off `order_price`.
    order_total_integral: p.usableIntegral,
    order_total_integral_price: toYuan(p.usableIntegralPrice),
    usable_integral: p.usableIntegral,
    usable_integral_price: toYuan(p.usableIntegralPrice),
    // Points pay normal goods only: an activity checkout (flash sale, presale) offers no points toggle, as the reference.
    openIntegral: c.settings.integralOpen && c.lines.every((l) => l.productType === 0),
    useIntegral: p.integral > 0,
    integral: c.points,
    // The activity bought (an activity line is always bought alone): 0 normal goods, 1 a flash sale, 2 a presale, as
    // the reference's check answers; its client shows the presale agreement (定金不退) only for order_type 2.
    order_type: c.lines.find((l) => l.productType !== 0)?.productType ?? 0,
    order_model: 0,
    status: p.status,
    address: c.address
      ? { address_id: c.address.addressId, real_name: c.address.realName, phone: c.address.phone, address: c.address.text }
      : null,
    cancel_minutes: c.settings.cancelMinutes,
    mer_form_id: c.form?.formId ?? 0,
    mer_form_info: formInfo(c.form),
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
