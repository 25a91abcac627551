import { and, eq, inArray, sql } from 'drizzle-orm';
import { type coupon, couponUser } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { formatDateTime } from '../dates.ts';
import { couponTypeLabel } from './coupon-rules.ts';
import { shows, tag } from '../cache-tags.ts';

export type CouponRow = typeof coupon.$inferSelect;

/** A coupon as the coupon centre, product page and shop coupon page show it. */
export interface CouponDto {
  coupon_id: number;
  mer_id: number;
  title: string;
  type: number;
  type_label: string;
  coupon_price: string;
  use_min_price: string;
  coupon_type: number;
  coupon_time: number;
  use_start_time: string | null;
  use_end_time: string | null;
  start_time: string | null;
  end_time: string | null;
  is_limited: number;
  total_count: number;
  remain_count: number;
  user_limit: number;
  /** The shopper has claimed it (at least once). */
  issue: boolean;
  /** The shopper may claim it (again). */
  can_claim: boolean;
}

/** How many times the shopper claimed each of these coupons. */
export async function claimCounts(ctx: Pick<ServiceContext, 'db' | 'user'>, couponIds: number[]): Promise<Map<number, number>> {
  if (!ctx.user || !couponIds.length) return new Map();
  const rows = await ctx.db
    .select({ id: couponUser.couponId, n: sql<number>`count(*)::int` })
    .from(couponUser)
    .where(and(eq(couponUser.uid, ctx.user.uid), inArray(couponUser.couponId, couponIds)))
    .groupBy(couponUser.couponId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export function couponDto(c: CouponRow, claimed: number): CouponDto {
  shows(tag('coupon', c.couponId));
  return {
    coupon_id: c.couponId,
    mer_id: c.merId,
    title: c.title,
    type: c.type,
    type_label: couponTypeLabel(c.type),
    coupon_price: toYuan(c.couponPrice),
    use_min_price: toYuan(c.useMinPrice),
    coupon_type: c.couponType,
    coupon_time: c.couponTime,
    use_start_time: formatDateTime(c.useStartTime),
    use_end_time: formatDateTime(c.useEndTime),
    start_time: formatDateTime(c.startTime),
    end_time: formatDateTime(c.endTime),
    is_limited: c.isLimited ? 1 : 0,
    total_count: c.totalCount,
    remain_count: c.remainCount,
    user_limit: c.userLimit,
    issue: claimed > 0,
    can_claim: claimed < c.userLimit,
  };
}

/** DTOs with the shopper's claim state. */
export async function couponDtos(ctx: Pick<ServiceContext, 'db' | 'user'>, rows: CouponRow[]): Promise<CouponDto[]> {
  const counts = await claimCounts(
    ctx,
    rows.map((r) => r.couponId),
  );
  return rows.map((r) => couponDto(r, counts.get(r.couponId) ?? 0));
}
