import { and, eq } from 'drizzle-orm';
import { merchant, refundOrder, storeOrder } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { refundIdInput } from '../../../shared/schemas/refund.ts';
import { EXPRESS_COMPANIES } from '../../../shared/express.ts';
import { REFUND_TEXT, type RefundDetailDto } from '../../../shared/refund.ts';
import { getLogisticsProvider, type TrackStep } from '../../logistics/index.ts';
import { cityOf } from '../../logistics/places.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { formatDateTime } from '../dates.ts';
import { visibleRefunds } from './list-refunds.ts';
import { loadRefundParts, refundListItemDto, type RefundOrderRow } from './refund-dto.ts';
import { afterSaleSettings } from '../order/order-rules.ts';
import { returnDeadline, shopsTakingReturns, shownAutoRefundAt } from './auto-refund-time.ts';
import { NO_POINTS_MOVED, refundsPointsMoved } from './refund-money.ts';

/** One of the shopper's refund requests not deleted (another shopper's or an unknown id: 404). */
export async function shopperRefund(db: Db, uid: number, id: number): Promise<RefundOrderRow> {
  const [r] = await db
    .select()
    .from(refundOrder)
    .where(and(eq(refundOrder.refundOrderId, id), visibleRefunds(uid)));
  if (!r) throw notFound(REFUND_TEXT.refundGone);
  return r;
}

export async function refundDetailDto(db: Db, r: RefundOrderRow): Promise<RefundDetailDto> {
  const [parts, [o], settings, points, takingReturns] = await Promise.all([
    loadRefundParts(db, [r]),
    db.select({ sn: storeOrder.orderSn }).from(storeOrder).where(eq(storeOrder.orderId, r.orderId)),
    afterSaleSettings(db),
    // What this refund moved of the order's points (refund-money.ts settleRefundPoints links them to its number).
    refundsPointsMoved(db, [r]),
    shopsTakingReturns(db, [r.merId]),
  ]);
  const moved = points.get(r.refundOrderId) ?? NO_POINTS_MOVED;
  return {
    ...refundListItemDto(r, parts),
    type: r.applyType,
    refund_message: r.refundMessage,
    mark: r.mark,
    pics: r.pics,
    // The reference's `phone` is the shop's return phone; the shopper's own is `contact_phone`.
    phone: r.merDeliveryPhone,
    contact_phone: r.phone,
    fail_message: r.failMessage,
    mer_delivery_user: r.merDeliveryUser,
    mer_delivery_phone: r.merDeliveryPhone,
    mer_delivery_address: r.merDeliveryAddress,
    delivery_type: r.deliveryType,
    delivery_id: r.deliveryId,
    delivery_phone: r.deliveryPhone,
    delivery_time: formatDateTime(r.deliveryTime),
    status_time: formatDateTime(r.statusTime)!,
    auto_refund_time: formatDateTime(shownAutoRefundAt(r, settings.refundAgreeDays, takingReturns)),
    return_end_time: formatDateTime(returnDeadline(r.status, r.statusTime, settings.returnDays)),
    refunded_time: formatDateTime(r.refundedAt),
    order_sn: o?.sn ?? '',
    refund_integral: moved.back,
    give_back_integral: moved.taken,
  };
}

/** `GET /api/refund/detail/{id}` (login required): everything `/refund_detail` shows of one of the shopper's requests. */
export async function getRefund(ctx: ServiceContext, input: { id: unknown }): Promise<RefundDetailDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(refundIdInput, input);
  return refundDetailDto(ctx.db, await shopperRefund(ctx.db, user.uid, id));
}

/** `GET /api/refund/express/{id}` data: the request and its return parcel's timeline, newest first. */
export interface RefundExpressDto {
  refund: RefundDetailDto;
  express: TrackStep[];
  /** Why `express` is empty when the tracking provider failed ('' otherwise). */
  express_message: string;
}

/**
 * `GET /api/refund/express/{id}` (login required): the shopper's return shipment and its tracking, asked of the
 * logistics provider outside any transaction. A request not shipped back yet is a 404; a provider failure gives an
 * empty timeline with a message, never an error.
 */
export async function trackRefund(ctx: ServiceContext, input: { id: unknown }): Promise<RefundExpressDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(refundIdInput, input);
  const r = await shopperRefund(ctx.db, user.uid, id);
  if (!r.deliveryId || !r.deliveryTime) throw notFound(REFUND_TEXT.notShipped);
  const refund = await refundDetailDto(ctx.db, r);
  const company = EXPRESS_COMPANIES.find((c) => c.name === r.deliveryType || c.code === r.deliveryType);
  const [o] = await ctx.db
    .select({ address: storeOrder.receiver, merAddress: merchant.merAddress })
    .from(storeOrder)
    .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
    .where(eq(storeOrder.orderId, r.orderId));
  try {
    const express = await getLogisticsProvider().track({
      code: company?.code ?? r.deliveryType,
      number: r.deliveryId,
      phone: r.deliveryPhone.replace(/^\+86/, ''),
      shippedAt: r.deliveryTime,
      from: (o && cityOf(o.address.address)) || undefined,
      to: cityOf(r.merDeliveryAddress || o?.merAddress || '') || undefined,
    });
    return { refund, express, express_message: '' };
  } catch (err) {
    console.error(
      `[mallfront] tracking of refund ${r.refundOrderId} (${r.deliveryType} ${r.deliveryId}) failed: ${(err as Error).message}`,
    );
    return { refund, express: [], express_message: REFUND_TEXT.trackFailed };
  }
}
