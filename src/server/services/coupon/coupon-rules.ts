import { and, eq, gt, gte, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { coupon } from '../../db/schema/index.ts';

/**
 * A coupon can be claimed now when it is on, inside its claim window, not sold out, and (for fixed-range
 * coupons) its validity has not ended yet. `at` may be a placeholder, filled with the instant as an ISO string.
 */
export function claimableAt(at: Date | Placeholder): SQL {
  return and(
    eq(coupon.status, true),
    or(isNull(coupon.startTime), lte(coupon.startTime, at)),
    or(isNull(coupon.endTime), gte(coupon.endTime, at)),
    or(eq(coupon.isLimited, false), gt(coupon.remainCount, 0)),
    or(eq(coupon.couponType, 0), gte(coupon.useEndTime, at)),
  )!;
}

/** The validity window a claim gets: N days from now, or the coupon's fixed range. */
export function validityOf(
  c: { couponType: number; couponTime: number; useStartTime: Date | null; useEndTime: Date | null },
  at: Date,
): { start: Date; end: Date } {
  if (c.couponType === 0) return { start: at, end: new Date(at.getTime() + c.couponTime * 86400_000) };
  return { start: c.useStartTime ?? at, end: c.useEndTime ?? at };
}

/** Chinese label of a coupon type, as the coupon cards show it. */
export function couponTypeLabel(type: number): string {
  return ({ 0: '店铺券', 1: '商品券', 11: '品类券', 12: '跨店券' } as Record<number, string>)[type] ?? '通用券';
}

export const COUPON_TYPES_ALL = sql`${coupon.type} in (0, 1, 10, 11, 12)`;
