import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { DELIVERY_TYPE, ORDER_STATUS, storeOrder, storeOrderStatus } from '../../db/schema/index.ts';
import { giveOrderPoints, receiveOrder } from '../order/receive-order.ts';
import { afterSaleSettings } from '../order/order-rules.ts';
import { transaction } from '../../db/transaction.ts';
import { count, hit } from '../../auth/rate-limit.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { verifyBody } from '../../../shared/schemas/merchant-api.ts';
import { now } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { findMerchantOrder, lockedRefunding, notWaitingToShip } from './find-order.ts';
import { merchantOrderDtos, type MerchantOrderDto } from './order-dto.ts';

export const VERIFY_TEXT = {
  notPickup: '该订单不是到店自提订单，无需核销',
  verified: '订单已核销',
  presell: '预售订单尚未支付尾款，不能核销',
  closed: '订单已关闭，不能核销',
  refunded: '订单已退款，不能核销',
  refunding: '订单有退款申请处理中，请先处理后再核销',
  status: '订单当前状态不能核销',
  wrong: '核销码错误',
  tooMany: '核销码错误次数过多，请1小时后再试',
  done: '已核销',
  delivered: '订单已送达',
  notShipped: '订单尚未发货，不能核验收货码',
} as const;

/** Wrong codes one order survives per hour (the code has 8 digits: guessing it is hopeless within this). */
export const VERIFY_FAILS_PER_HOUR = 10;

const refuse = (m: string) => new ServiceError('refused', m);

function verifyRefusal(o: Pick<typeof storeOrder.$inferSelect, 'status' | 'orderType'>): string | null {
  if (o.orderType !== 1) return VERIFY_TEXT.notPickup;
  return notWaitingToShip(o, {
    gone: VERIFY_TEXT.verified,
    presell: VERIFY_TEXT.presell,
    closed: VERIFY_TEXT.closed,
    refunded: VERIFY_TEXT.refunded,
    other: VERIFY_TEXT.status,
  });
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Why a same-city order cannot be handed over now, or null while its rider is on the way (status 1). */
function handOverRefusal(o: Pick<typeof storeOrder.$inferSelect, 'status'>): string | null {
  switch (o.status) {
    case ORDER_STATUS.toReceive:
      return null;
    case ORDER_STATUS.toShip:
      return VERIFY_TEXT.notShipped;
    case ORDER_STATUS.toReview:
    case ORDER_STATUS.done:
      return VERIFY_TEXT.delivered;
    case ORDER_STATUS.refunded:
      return VERIFY_TEXT.refunded;
    default:
      return VERIFY_TEXT.status;
  }
}

/** A wrong code is counted; after VERIFY_FAILS_PER_HOUR of them the order takes none for an hour. */
async function checkCode(ctx: MerchantContext, orderId: number, code: string, expected: string): Promise<void> {
  const bucket = `verify:order:${orderId}`;
  if ((await count(ctx.db, bucket, 3600)) >= VERIFY_FAILS_PER_HOUR) throw new ServiceError('rate_limited', VERIFY_TEXT.tooMany);
  if (!expected || !sameCode(code, expected)) {
    await hit(ctx.db, bucket);
    throw refuse(VERIFY_TEXT.wrong);
  }
}

/**
 * `POST /api/merchant/order/verify/{order_id}` `{verify_code}`: the shopper collects a pickup order (order_type 1) at
 * the shop and shows its code. The right code moves status 0 → 2 (to review) with `verify_time` and the timeline row
 * 已核销, once (a conditional update: a second or concurrent verify is refused 订单已核销); not while a refund request of
 * the order is in progress (checked under the store order's row lock, as shipping does). A wrong code is refused
 * and counted; after VERIFY_FAILS_PER_HOUR wrong codes the order takes none for an hour.
 *
 * The same call takes a same-city order's receipt code (`finish_code`, which the shopper tells the shop's rider on
 * delivery): the right code receives the order (status 1 → 2, with the points receiving gives), once, as the shopper's
 * own confirmation would, the timeline saying the rider handed it over.
 */
export async function verifyOrder(ctx: MerchantContext, input: { id: unknown; verify_code?: unknown }): Promise<MerchantOrderDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const { verify_code: code } = parseInput(verifyBody, input);
  const o = await findMerchantOrder(ctx.db, merId, id);
  if (o.orderType !== 1 && o.deliveryType === DELIVERY_TYPE.rider) {
    const notNow = handOverRefusal(o);
    if (notNow) throw refuse(notNow);
    await checkCode(ctx, o.orderId, code, o.finishCode);
    if (!(await receiveOrder(ctx.db, o.orderId, 'rider'))) {
      throw refuse(handOverRefusal(await findMerchantOrder(ctx.db, merId, id)) ?? VERIFY_TEXT.delivered);
    }
    return (await merchantOrderDtos(ctx.db, [await findMerchantOrder(ctx.db, merId, id)]))[0]!;
  }
  const refusal = verifyRefusal(o);
  if (refusal) throw refuse(refusal);
  await checkCode(ctx, o.orderId, code, o.verifyCode);
  const at = now();
  const settings = await afterSaleSettings(ctx.db);
  const verified = await transaction(ctx.db, async (tx) => {
    // As a shipment: an order with a refund in progress is not handed over.
    if (await lockedRefunding(tx, o.orderId)) throw refuse(VERIFY_TEXT.refunding);
    const [row] = await tx
      .update(storeOrder)
      .set({ status: ORDER_STATUS.toReview, verifyTime: at })
      .where(
        and(
          eq(storeOrder.orderId, o.orderId),
          eq(storeOrder.merId, merId),
          eq(storeOrder.paid, true),
          eq(storeOrder.orderType, 1),
          eq(storeOrder.status, ORDER_STATUS.toShip),
          eq(storeOrder.verifyCode, code),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(storeOrderStatus).values({
      orderId: row.orderId,
      groupOrderId: row.groupOrderId,
      changeType: 'verify',
      changeMessage: VERIFY_TEXT.done,
      createdAt: at,
    });
    // Collected: the points a receipt would give.
    await giveOrderPoints(tx, row, settings, at, true);
    return row;
  });
  if (!verified) throw refuse(verifyRefusal(await findMerchantOrder(ctx.db, merId, id)) ?? VERIFY_TEXT.verified);
  return (await merchantOrderDtos(ctx.db, [verified]))[0]!;
}
