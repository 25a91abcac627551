import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { coupon } from '../../db/schema/index.ts';
import { storeCouponQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { claimableAt } from './coupon-rules.ts';
import { couponDtos, type CouponDto } from './coupon-dto.ts';
import { prepareOnPglite } from '../../db/prepared.ts';

/**
 * `GET /api/coupon/store/{mer_id}?all=1`: a shop's claimable coupons: shop coupons (type 0), and with
 * `all=1` its product coupons (type 1) as well (the shop's coupon page).
 */
export async function listMerchantCoupons(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  input: { id: number | string; all?: number | string },
): Promise<CouponDto[]> {
  const q = parseInput(storeCouponQuery, input);
  // Every product and shop page reads this (prepared on PGlite: a lookup by shop, one plan for any shop and time).
  const rows = await prepareOnPglite(
    q.all ? 'merchant-coupons+all' : 'merchant-coupons',
    ctx.db
      .select()
      .from(coupon)
      .where(and(eq(coupon.merId, q.id), inArray(coupon.type, q.all ? [0, 1] : [0]), claimableAt(now())))
      .orderBy(desc(coupon.sort), asc(coupon.couponId)),
  );
  return couponDtos(ctx, rows);
}
