import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  merchant,
  ORDER_STATUS,
  orderReceipt,
  REFUND_STATUS,
  refundOrder,
  storeGroupOrder,
  storeOrder,
  storeOrderStatus,
} from '../../db/schema/index.ts';
import { invoiceBaseDto, type InvoiceBaseDto } from '../invoice/invoice-dto.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { afterSaleSettings, DAY_MS } from './order-rules.ts';
import { visiblePaid } from './list-orders.ts';
import { returnedPayments, type ReturnedPaymentDto } from '../payment/returned-payments.ts';
import { loadOrderParts, storeOrderDto, type StoreOrderDto, type StoreOrderRow } from './store-order-dto.ts';

export const ORDER_GONE = '订单不存在';

/** One entry of an order's timeline. */
export interface OrderStatusDto {
  change_type: string;
  change_message: string;
  change_time: string;
}

/** `GET /api/order/detail/{order_id}`: everything `/order_detail` shows of a paid store order. */
export interface OrderDetailDto extends StoreOrderDto {
  /** The number of the payment it was part of (its group order's): what the payment page and the balance records name. */
  group_order_sn: string;
  real_name: string;
  user_phone: string;
  user_address: string;
  /** The buyer's note at checkout. */
  mark: string;
  /** The merchant's remark. */
  remark: string;
  /** Why the merchant refused the order's latest refused refund request (its `fail_message`), '' when none was refused. */
  refund_reason: string;
  coupon_price: string;
  platform_coupon_price: string;
  svip_discount: string;
  integral: number;
  integral_price: string;
  delivery_time: string | null;
  take_time: string | null;
  verify_time: string | null;
  /** The timeline, oldest first. */
  storeOrderStatus: OrderStatusDto[];
  /** When a shipped order waiting for the shopper is received automatically (`order_take_days` after shipping), else null. */
  auto_take_time: string | null;
  /** 1 while a refund may be asked for: paid, not a presale awaiting its balance, not yet received or within `refund_days` of receipt. */
  refund_status: 0 | 1;
  /**
   * Where the invoice asked for (`receipt`) stands, or null when there is none: never asked, or withdrawn because the
   * order was refunded in full before it was issued.
   */
  receipt_state: InvoiceBaseDto | null;
  /**
   * Balance payments of a presale a gateway took that the order could not use (its balance window had closed, or the
   * balance was paid by another payment meanwhile), as on the group order: `refund_due` until the gateway gave the
   * money back, then `refunded`. Our field; the reference has none.
   */
  returned_payments: ReturnedPaymentDto[];
}

/** Whether the shopper may still ask for a refund of this order at `at`. */
export function refundAllowed(
  o: Pick<StoreOrderRow, 'paid' | 'status' | 'takeTime'>,
  refundable: boolean,
  refundDays: number,
  at: Date,
): boolean {
  if (!o.paid || !refundable) return false;
  if (o.status === ORDER_STATUS.toShip || o.status === ORDER_STATUS.toReceive || o.status === 9) return true;
  if (o.status !== ORDER_STATUS.toReview && o.status !== ORDER_STATUS.done) return false;
  return !o.takeTime || at.getTime() < o.takeTime.getTime() + refundDays * DAY_MS;
}

/**
 * `GET /api/order/detail/{order_id}` (login required): one of the shopper's paid store orders. Another shopper's, an
 * unpaid (it is a group order), a deleted or an unknown id is a 404.
 */
export async function getOrder(ctx: ServiceContext, input: { id: unknown }): Promise<OrderDetailDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const [row] = await ctx.db
    .select({ o: storeOrder, m: merchant, groupSn: storeGroupOrder.groupOrderSn })
    .from(storeOrder)
    .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
    .innerJoin(storeGroupOrder, eq(storeGroupOrder.groupOrderId, storeOrder.groupOrderId))
    .where(and(eq(storeOrder.orderId, id), visiblePaid(user.uid)));
  if (!row) throw notFound(ORDER_GONE);
  const { o, m } = row;
  const [parts, timeline, settings, [refused], [invoice], returnedOf] = await Promise.all([
    loadOrderParts(ctx.db, [o.orderId]),
    ctx.db
      .select()
      .from(storeOrderStatus)
      .where(eq(storeOrderStatus.orderId, o.orderId))
      .orderBy(asc(storeOrderStatus.createdAt), asc(storeOrderStatus.id)),
    afterSaleSettings(ctx.db),
    ctx.db
      .select({ reason: refundOrder.failMessage })
      .from(refundOrder)
      .where(and(eq(refundOrder.orderId, o.orderId), eq(refundOrder.uid, user.uid), eq(refundOrder.status, REFUND_STATUS.refused)))
      .orderBy(desc(refundOrder.statusTime), desc(refundOrder.refundOrderId))
      .limit(1),
    ctx.db
      .select()
      .from(orderReceipt)
      .where(and(eq(orderReceipt.orderId, o.orderId), eq(orderReceipt.uid, user.uid))),
    returnedPayments(ctx.db, 'presell', [{ id: o.orderId, uid: user.uid }]),
  ]);
  const at = now();
  const refundable = parts.items.some(({ i }) => i.refundNum > 0);
  return {
    ...storeOrderDto(o, m, parts, at),
    group_order_sn: row.groupSn,
    real_name: o.receiver.real_name,
    user_phone: o.receiver.phone,
    user_address: o.receiver.address,
    mark: o.mark,
    remark: o.remark,
    refund_reason: refused?.reason ?? '',
    coupon_price: toYuan(o.couponPrice),
    platform_coupon_price: toYuan(o.platformCouponPrice),
    svip_discount: toYuan(o.svipDiscount),
    integral: o.integral,
    integral_price: toYuan(o.integralPrice),
    delivery_time: formatDateTime(o.deliveryTime),
    take_time: formatDateTime(o.takeTime),
    verify_time: formatDateTime(o.verifyTime),
    storeOrderStatus: timeline.map((t) => ({
      change_type: t.changeType,
      change_message: t.changeMessage,
      change_time: formatDateTime(t.createdAt)!,
    })),
    auto_take_time:
      o.status === ORDER_STATUS.toReceive && o.deliveryTime
        ? formatDateTime(new Date(o.deliveryTime.getTime() + settings.takeDays * DAY_MS))
        : null,
    refund_status: refundAllowed(o, refundable, settings.refundDays, at) ? 1 : 0,
    receipt_state: invoice ? invoiceBaseDto(invoice) : null,
    returned_payments: returnedOf(o.orderId),
  };
}
