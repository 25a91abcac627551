import { ROUTES } from '../../shared/routes.ts';
import { mallTimeMs } from '../../shared/mall-time.ts';
import type { Pricing } from '../../server/pricing/pricing.ts';
import type { CouponDto } from '../../server/services/coupon/coupon-dto.ts';

/** The coupon card's lines (Chinese, one place). */
export function couponThreshold(c: Pick<CouponDto, 'use_min_price'>, pricing: Pricing): string {
  return Number(c.use_min_price) > 0 ? `满${pricing.show(c.use_min_price).replace(/\.00$/, '')}可用` : '无门槛';
}

/**
 * The coupon centre's validity line, one short line on its narrow card: the days after claiming; for a fixed
 * period, when it starts if that is still ahead, else when it ends.
 */
export function couponValidity(
  c: Pick<CouponDto, 'coupon_type' | 'coupon_time' | 'use_start_time' | 'use_end_time'>,
  now = Date.now(),
): string {
  if (c.coupon_type === 0) return `领取后 ${c.coupon_time} 天内可用`;
  const day = (s: string | null) => (s ?? '').slice(0, 10).replace(/-/g, '.');
  if (c.use_start_time && mallTimeMs(c.use_start_time) > now) return `${day(c.use_start_time)} 起可用`;
  return `有效期至 ${day(c.use_end_time)}`;
}

/** The short validity of a merchant's coupon page and a product page: dates for a fixed period, else days. */
export function couponDates(c: Pick<CouponDto, 'coupon_type' | 'coupon_time' | 'use_start_time' | 'use_end_time'>): string {
  return c.coupon_type === 1 && c.use_start_time && c.use_end_time
    ? `${c.use_start_time.slice(0, 10)} 至 ${c.use_end_time.slice(0, 10)}`
    : `领取后 ${c.coupon_time} 天内有效`;
}

/** `/goods_coupon?id=<coupon_id>`: the products a coupon applies to (`url()` reserves `id` for path params). */
export const couponProductsHref = (couponId: number) => `${ROUTES.goodsCoupon.path}?id=${couponId}`;
