import { and, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { coupon, couponUser } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput, notFound } from '../input.ts';
import { now, formatDateTime } from '../dates.ts';
import { validityOf } from './coupon-rules.ts';
import { invalidate } from '../cache.ts';
import { COUPON_FLAGS, tag } from '../cache-tags.ts';

export const COUPON_TEXT = {
  gone: '优惠券不存在或已下架',
  notStarted: '领取活动尚未开始',
  ended: '领取活动已结束',
  expired: '优惠券已过期',
  soldOut: '优惠券已被领完',
  once: '您已领取过该优惠券',
  limit: (n: number) => `每人限领${n}张，您已领完`,
} as const;

type CouponRow = typeof coupon.$inferSelect;

function checkWindow(c: CouponRow | undefined, at: Date): asserts c is CouponRow {
  if (!c || !c.status) throw notFound(COUPON_TEXT.gone);
  if (c.startTime && c.startTime > at) throw new ServiceError('refused', COUPON_TEXT.notStarted);
  if (c.endTime && c.endTime < at) throw new ServiceError('refused', COUPON_TEXT.ended);
  if (c.couponType === 1 && c.useEndTime && c.useEndTime < at) throw new ServiceError('refused', COUPON_TEXT.expired);
}

/**
 * Takes one from a limited coupon's stock with a conditional update (`remain_count > 0`), which also
 * row-locks the coupon: concurrent claims of the same coupon queue here, so neither the stock nor a
 * shopper's limit can be overrun.
 */
async function takeOne(tx: Db, id: number, at: Date): Promise<CouponRow | undefined> {
  const [row] = await tx
    .update(coupon)
    .set({ remainCount: sql`case when ${coupon.isLimited} then ${coupon.remainCount} - 1 else ${coupon.remainCount} end` })
    .where(
      and(
        eq(coupon.couponId, id),
        or(eq(coupon.isLimited, false), gt(coupon.remainCount, 0)),
        // Checked again on the row as it is once locked: the shop may have paused the coupon or ended its claim window
        // while this claim waited for a write of the shop's to commit.
        eq(coupon.status, true),
        or(isNull(coupon.endTime), gte(coupon.endTime, at)),
      ),
    )
    .returning();
  return row;
}

/**
 * `POST /api/coupon/receive/{coupon_id}` (login required): claims a coupon inside its claim window, within
 * the per-shopper limit and the remaining stock, in one transaction. The claimed coupon is valid N days
 * from now (`coupon_type` 0) or for the coupon's fixed range (1). `can_claim_more` tells the page whether
 * the claim button should stay, `remain_count` what is left of a limited coupon.
 */
export async function claimCoupon(ctx: ServiceContext, input: { id: number | string }) {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('优惠券') }), input);
  const at = now();
  const claimed = await transaction(ctx.db, async (tx) => {
    const [read] = await tx.select().from(coupon).where(eq(coupon.couponId, id));
    checkWindow(read, at);
    const taken = await takeOne(tx, id, at);
    if (!taken) {
      // Paused, closed or deleted meanwhile says so; otherwise the last one went to another claim.
      const [again] = await tx.select().from(coupon).where(eq(coupon.couponId, id));
      checkWindow(again, at);
      throw new ServiceError('refused', COUPON_TEXT.soldOut);
    }
    // The terms copied below are the locked row's: a shop's edit made before the first claim (amount, threshold,
    // validity) cannot slip between reading the coupon and taking one.
    checkWindow(taken, at);
    const c = taken;
    const [mine] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponUser)
      .where(and(eq(couponUser.uid, user.uid), eq(couponUser.couponId, id)));
    if ((mine?.n ?? 0) >= c.userLimit)
      throw new ServiceError('refused', c.userLimit === 1 ? COUPON_TEXT.once : COUPON_TEXT.limit(c.userLimit));
    const { start, end } = validityOf(c, at);
    const [row] = await tx
      .insert(couponUser)
      .values({
        uid: user.uid,
        couponId: id,
        merId: c.merId,
        couponTitle: c.title,
        couponPrice: c.couponPrice,
        useMinPrice: c.useMinPrice,
        startTime: start,
        endTime: end,
      })
      .returning({ id: couponUser.couponUserId });
    // Took the last one of a limited coupon (as the locked update counted, whoever claimed meanwhile)? Else the button
    // stays while the shopper may take more.
    const ranOut = c.isLimited && taken.remainCount <= 0;
    const canClaimMore = (mine?.n ?? 0) + 1 < c.userLimit && !ranOut;
    return {
      ranOut,
      limited: c.isLimited,
      markers: c.type === 0 || c.type === 1,
      dto: {
        coupon_user_id: row!.id,
        coupon_id: id,
        start_time: formatDateTime(start),
        end_time: formatDateTime(end),
        can_claim_more: canClaimMore,
        /** A limited coupon's stock left after this claim (the page's 剩余); null for an unlimited one. */
        remain_count: c.isLimited ? taken.remainCount : null,
      },
    };
  });
  // A visitor sees a limited coupon's stock (and its claim button go when it runs out); the last one of a
  // product or shop coupon also ends the "券" marker of product cards. An unlimited coupon looks the same.
  if (claimed.limited) invalidate(ctx.db, claimed.ranOut && claimed.markers ? [tag('coupon', id), COUPON_FLAGS] : [tag('coupon', id)]);
  return claimed.dto;
}
