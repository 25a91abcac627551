import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { coupon } from '../../db/schema/index.ts';
import { storeCouponQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { claimableAt } from './coupon-rules.ts';
import { couponDto, couponDtos, type CouponDto, type CouponRow } from './coupon-dto.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
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

/** How long a shop's coupons stay kept for the product pages' shared render (`shopCouponsForVisitors`). */
export const SHOP_COUPONS_TTL_MS = 5_000;

/** The moment a listed coupon stops being claimable by the clock (its claim or use window ends), if any. */
function firstEnd(rows: CouponRow[]): number {
  let end = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    if (r.endTime) end = Math.min(end, r.endTime.getTime());
    if (r.couponType !== 0 && r.useEndTime) end = Math.min(end, r.useEndTime.getTime());
  }
  return end;
}

/**
 * A shop's claimable shop coupons as the product page's shared render shows them (no shopper: their claim marks come
 * from `/api/user/marks`), kept per shop: every product page of a shop that has coupons read them again, one query a
 * render. An entry lives `SHOP_COUPONS_TTL_MS` at most and never past the end of a coupon it lists; a merchant's change
 * (`shopCouponsTag`, `coupon:<id>`) or a claim that uses up a limited coupon drops it. A coupon that starts is listed
 * within the TTL, as a kept page shows it within its own.
 */
export async function shopCouponsForVisitors(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<CouponDto[]> {
  const kept = await cached(
    ctx.db,
    `${CACHE_KEYS.shopCoupons}${merId}`,
    async () => {
      // Readers of the entry show what its load showed: the shop's list and each coupon listed.
      shows(shopCouponsTag(merId));
      const rows = await shopCoupons(ctx.db, '').execute({ mer: merId, at: now().toISOString() });
      return { coupons: rows.map((r) => couponDto(r, 0)), until: firstEnd(rows) };
    },
    SHOP_COUPONS_TTL_MS,
    { until: (v) => v.until },
  );
  return kept.coupons;
}
