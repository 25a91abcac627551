import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { coupon } from '../../db/schema/index.ts';
import { storeCouponQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { claimableAt } from './coupon-rules.ts';
import { couponDtos, type CouponDto } from './coupon-dto.ts';
import { builtOnce, prepareOnPglite } from '../../db/prepared.ts';
import { shopCouponsTag, shows } from '../cache-tags.ts';

/** A shop's claimable coupons (with product coupons: `all`), built once per database and transaction (every product and shop
 * page reads it; prepared on PGlite: a lookup by shop, one plan for any shop and time). */
const shopCoupons = builtOnce((db: ServiceContext['db'], variant) =>
  prepareOnPglite(
    `merchant-coupons${variant}`,
    db
      .select()
      .from(coupon)
      .where(
        and(
          eq(coupon.merId, sql.placeholder('mer')),
          inArray(coupon.type, variant === '+all' ? [0, 1] : [0]),
          claimableAt(sql.placeholder('at')),
        ),
      )
      .orderBy(desc(coupon.sort), asc(coupon.couponId)),
  ).prepare(`merchant_coupons${variant === '+all' ? '_all' : ''}`),
);

/**
 * `GET /api/coupon/store/{mer_id}?all=1`: a shop's claimable coupons: shop coupons (type 0), and with
 * `all=1` its product coupons (type 1) as well (the shop's coupon page).
 */
export async function listMerchantCoupons(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  input: { id: number | string; all?: number | string },
): Promise<CouponDto[]> {
  const q = parseInput(storeCouponQuery, input);
  // A coupon the shop adds or switches on joins this list: its write names the list.
  shows(shopCouponsTag(q.id, Boolean(q.all)));
  const rows = await shopCoupons(ctx.db, q.all ? '+all' : '').execute({ mer: q.id, at: now().toISOString() });
  return couponDtos(ctx, rows);
}
