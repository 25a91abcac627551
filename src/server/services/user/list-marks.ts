import { and, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  arrivalNotice,
  coupon,
  ORDER_STATUS,
  presell,
  presellOrder,
  relation,
  storeOrder,
  storeOrderProduct,
} from '../../db/schema/index.ts';
import { idCsv } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { claimCounts } from '../coupon/coupon-dto.ts';
import { presellActiveStatus } from '../order/presell-dto.ts';
import { now } from '../dates.ts';

/** `type_id` pairs of favourites and follows a page shows: `0_12` product 12, `10_3` shop 3 (types as /api/user/relation). */
const relationPairs = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : String(v).split(',').filter(Boolean)),
  z
    .array(z.string().regex(/^(?:0|1|2|10)_[1-9]\d{0,9}$/, '收藏对象格式不正确'), { error: '收藏对象格式不正确' })
    .max(50, '收藏对象最多50个'),
);
const marksQuery = z.object({ relation: relationPairs, coupon: idCsv('优惠券'), presell: idCsv('预售'), arrival: idCsv('商品') });

export interface MarksDto {
  /** The pairs of `relation` the shopper has favourited or follows. */
  relation: string[];
  /** For each coupon id asked: claimed at least once (`issue`) and whether it may be claimed (again). */
  coupon: Record<string, { issue: boolean; can_claim: boolean }>;
  /**
   * For each presale asked (`product_presell_id`) that the shopper booked with a deposit and whose balance is still
   * due: the store order to pay it on (`/payment?result=<order_id>&type=2`) and its window now (`activeStatus`: 0 not
   * open yet, 1 payable). A balance paid, or a window closed, is not listed.
   */
  presell: Record<string, { order_id: number; activeStatus: 0 | 1 }>;
  /** The SKUs (`unique`) of the products asked (`arrival`, product ids) whose arrival notice the shopper waits for. */
  arrival: string[];
}

/**
 * `GET /api/user/marks?relation=0_12,10_3&coupon=5,6` (login required): the signed-in shopper's marks on a page
 * shared with visitors (its favourite and follow buttons, its coupons' claim state), which the browser fills in.
 */
export async function listMarks(
  ctx: ServiceContext,
  input: { relation?: string; coupon?: string; presell?: string; arrival?: string },
): Promise<MarksDto> {
  const user = requireUser(ctx);
  const q = parseInput(marksQuery, input);
  const pairs = q.relation.map((p) => p.split('_').map(Number) as [number, number]);
  const [related, coupons, claimed, due, waiting] = await Promise.all([
    pairs.length
      ? ctx.db
          .select({ type: relation.type, id: relation.typeId })
          .from(relation)
          .where(and(eq(relation.uid, user.uid), or(...pairs.map(([type, id]) => and(eq(relation.type, type), eq(relation.typeId, id))))))
      : [],
    q.coupon.length
      ? ctx.db.select({ id: coupon.couponId, limit: coupon.userLimit }).from(coupon).where(inArray(coupon.couponId, q.coupon))
      : [],
    claimCounts(ctx, q.coupon),
    q.presell.length ? balancesDue(ctx, user.uid, q.presell) : [],
    q.arrival.length
      ? ctx.db
          .select({ unique: arrivalNotice.unique })
          .from(arrivalNotice)
          .where(and(eq(arrivalNotice.uid, user.uid), inArray(arrivalNotice.productId, q.arrival), eq(arrivalNotice.status, 0)))
      : [],
  ]);
  const have = new Set(related.map((r) => `${r.type}_${r.id}`));
  return {
    relation: q.relation.filter((p) => have.has(p)),
    coupon: Object.fromEntries(
      coupons.map((c) => {
        const n = claimed.get(c.id) ?? 0;
        return [String(c.id), { issue: n > 0, can_claim: n < c.limit }];
      }),
    ),
    presell: Object.fromEntries(due),
    arrival: waiting.map((w) => w.unique),
  };
}

/** The shopper's deposit bookings of these presales whose balance is still to pay (its window open or to come). */
async function balancesDue(ctx: ServiceContext, uid: number, presellIds: number[]) {
  const rows = await ctx.db
    .select({
      presellId: presell.productPresellId,
      orderId: storeOrder.orderId,
      status: presellOrder.status,
      finalStartTime: presellOrder.finalStartTime,
      finalEndTime: presellOrder.finalEndTime,
    })
    .from(presellOrder)
    .innerJoin(storeOrder, eq(storeOrder.orderId, presellOrder.orderId))
    .innerJoin(storeOrderProduct, and(eq(storeOrderProduct.orderId, storeOrder.orderId), eq(storeOrderProduct.productType, 2)))
    .innerJoin(presell, eq(presell.productId, storeOrderProduct.productId))
    .where(
      and(
        eq(presellOrder.uid, uid),
        eq(presellOrder.paid, 0),
        eq(storeOrder.uid, uid),
        eq(storeOrder.status, ORDER_STATUS.presellBalance),
        eq(storeOrder.isDel, false),
        inArray(presell.productPresellId, presellIds),
      ),
    )
    .orderBy(presellOrder.finalEndTime);
  const at = now();
  const due = new Map<string, { order_id: number; activeStatus: 0 | 1 }>();
  for (const r of rows) {
    const activeStatus = presellActiveStatus(r, at);
    // The booking whose window ends first is the one to pay first.
    if (activeStatus !== 2 && !due.has(String(r.presellId))) due.set(String(r.presellId), { order_id: r.orderId, activeStatus });
  }
  return [...due];
}
