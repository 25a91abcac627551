import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { coupon, couponUser, merchant } from '../../db/schema/index.ts';
import type { ListPage } from '../../../shared/dto.ts';
import { toYuan } from '../../../shared/money.ts';
import { myCouponQuery, type MyCouponQuery } from '../../../shared/schemas/coupon.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { couponTypeLabel } from './coupon-rules.ts';

/** A usable coupon ending within this many days is flagged `expiring` (the page's 即将过期). */
export const EXPIRING_DAYS = 3;

export interface UserCouponDto {
  coupon_user_id: number;
  coupon_id: number;
  uid: number;
  /** The shop of a shop or product coupon; 0 for the mall's own coupons. */
  mer_id: number;
  coupon_title: string;
  coupon_price: string;
  use_min_price: string;
  start_time: string | null;
  end_time: string | null;
  use_time: string | null;
  create_time: string | null;
  /** 0 usable, 1 used, 2 expired (by time: past `end_time` it is 2 whatever the row says). */
  status: number;
  /** 0 while its validity has not started (status 0 only), else 1. */
  is_start: number;
  /** 1 when usable now and ending within `EXPIRING_DAYS` days. */
  expiring: number;
  coupon: {
    coupon_id: number;
    title: string;
    /** 0 shop, 1 product, 10 general, 11 category, 12 cross-shop. */
    type: number;
    type_label: string;
    coupon_type: number;
    coupon_time: number;
  };
  merchant: { mer_id: number; mer_name: string } | null;
}

/**
 * `GET /api/coupon/list?statusTag=1|0&page&limit` (login required): the shopper's claimed coupons. statusTag 1 lists
 * those not used and not past their end (usable, or not started yet), the soonest to end first; 0 lists used and
 * expired ones, the latest first. `limit=999` (the reference's client) returns all of them, up to 1000.
 */
export async function listUserCoupons(ctx: ServiceContext, input: MyCouponQuery): Promise<ListPage<UserCouponDto>> {
  const user = requireUser(ctx);
  const { statusTag, page, limit } = parseInput(myCouponQuery, input);
  const at = now();
  const open = and(eq(couponUser.status, 0), gte(couponUser.endTime, at));
  const scope: SQL = and(
    eq(couponUser.uid, user.uid),
    statusTag === 1 ? open : or(inArray(couponUser.status, [1, 2]), and(eq(couponUser.status, 0), lt(couponUser.endTime, at))),
  )!;
  const order =
    statusTag === 1
      ? [asc(couponUser.endTime), desc(couponUser.couponUserId)]
      : [desc(sql`coalesce(${couponUser.useTime}, ${couponUser.endTime})`), desc(couponUser.couponUserId)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ cu: couponUser, c: coupon, merName: merchant.merName })
      .from(couponUser)
      .innerJoin(coupon, eq(coupon.couponId, couponUser.couponId))
      .leftJoin(merchant, and(eq(merchant.merId, couponUser.merId), sql`${couponUser.merId} > 0`))
      .where(scope)
      .orderBy(...order)
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(couponUser).where(scope),
  ]);
  const soon = at.getTime() + EXPIRING_DAYS * 86400_000;
  return {
    count: total?.count ?? 0,
    list: rows.map(({ cu, c, merName }) => {
      const status = cu.status === 0 && cu.endTime < at ? 2 : cu.status;
      const started = cu.startTime <= at;
      return {
        coupon_user_id: cu.couponUserId,
        coupon_id: cu.couponId,
        uid: cu.uid,
        mer_id: cu.merId,
        coupon_title: cu.couponTitle,
        coupon_price: toYuan(cu.couponPrice),
        use_min_price: toYuan(cu.useMinPrice),
        start_time: formatDateTime(cu.startTime),
        end_time: formatDateTime(cu.endTime),
        use_time: formatDateTime(cu.useTime),
        create_time: formatDateTime(cu.createdAt),
        status,
        is_start: status !== 0 || started ? 1 : 0,
        expiring: status === 0 && started && cu.endTime.getTime() <= soon ? 1 : 0,
        coupon: {
          coupon_id: c.couponId,
          title: c.title,
          type: c.type,
          type_label: couponTypeLabel(c.type),
          coupon_type: c.couponType,
          coupon_time: c.couponTime,
        },
        merchant: cu.merId > 0 && merName != null ? { mer_id: cu.merId, mer_name: merName } : null,
      };
    }),
  };
}
