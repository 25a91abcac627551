import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { coupon } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { now } from '../dates.ts';
import { claimableAt } from './coupon-rules.ts';
import { claimCounts, couponDto, type CouponDto } from './coupon-dto.ts';
import { COUPON_TEXT } from './claim-coupon.ts';

const couponIdInput = z.object({ id: idField('优惠券') });

/**
 * One coupon with the shopper's claim state, for the header of `/goods_coupon?id=`. `claimable`: inside
 * its claim window, not sold out and not expired right now. Unknown or switched-off coupons are a 404.
 */
export async function getCoupon(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  input: { id: number | string },
): Promise<CouponDto & { claimable: boolean }> {
  const { id } = parseInput(couponIdInput, input);
  const [row] = await ctx.db
    .select({ c: coupon, claimable: sql<boolean>`${claimableAt(now())}` })
    .from(coupon)
    .where(eq(coupon.couponId, id));
  if (!row || !row.c.status) throw notFound(COUPON_TEXT.gone);
  const claimed = (await claimCounts(ctx, [id])).get(id) ?? 0;
  return { ...couponDto(row.c, claimed), claimable: !!row.claimable };
}
