import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { coupon, couponProduct } from '../../db/schema/index.ts';
import { productCouponQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { claimableAt } from './coupon-rules.ts';
import { couponDtos, type CouponDto } from './coupon-dto.ts';
import { productCouponsTag, shows } from '../cache-tags.ts';

/** `GET /api/coupon/product?ids=<csv>`: claimable product coupons (type 1) of these products. */
export async function listProductCoupons(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  input: { ids: string | number[] },
): Promise<CouponDto[]> {
  const q = parseInput(productCouponQuery, input);
  if (!q.ids.length) return [];
  // A product coupon the shop adds or switches on for one of these products joins this list: its write names it.
  shows(...q.ids.map(productCouponsTag));
  const rows = await ctx.db
    .selectDistinct({ c: coupon })
    .from(coupon)
    .innerJoin(couponProduct, eq(couponProduct.couponId, coupon.couponId))
    .where(and(eq(coupon.type, 1), inArray(couponProduct.productId, q.ids), claimableAt(now())))
    .orderBy(desc(coupon.sort), asc(coupon.couponId));
  return couponDtos(
    ctx,
    rows.map((r) => r.c),
  );
}
