import { z } from 'zod';
import { DELIVERY_TYPE, ORDER_STATUS } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { orderTimeline, type OrderTimelineDto } from './order-timeline.ts';
import { findShopperOrder, shippedOrderDto, type ShippedOrderDto } from './shopper-order.ts';

export const DELIVERY_TEXT = { notRider: '该订单不是同城配送订单' } as const;

/** `status` of a rider delivery: 1 the rider is on the way, 2 delivered (received), -1 refunded. */
export const RIDER_STATUS = { onTheWay: 1, delivered: 2, refunded: -1 } as const;

/** `GET /api/order/delivery/{order_id}` data (reference: `{storeOrder, finish_code, status, storeOrderStatus[]}`). */
export interface OrderDeliveryDto {
  storeOrder: ShippedOrderDto;
  /** The receipt code the shopper tells the rider. */
  finish_code: string;
  status: number;
  /** The order's timeline, newest first. */
  storeOrderStatus: OrderTimelineDto[];
}

/** The shopper's own order delivered by the merchant's rider (`/logistics_delivery`); any other order is a 404. */
export async function getDelivery(ctx: ServiceContext, input: { id: unknown }): Promise<OrderDeliveryDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const o = await findShopperOrder(ctx.db, user.uid, id);
  if (o.deliveryType !== DELIVERY_TYPE.rider) throw notFound(DELIVERY_TEXT.notRider);
  const [{ mer_address: _, ...storeOrder }, storeOrderStatus] = await Promise.all([
    shippedOrderDto(ctx.db, o),
    orderTimeline(ctx.db, o.orderId, 'desc'),
  ]);
  const status =
    o.status === ORDER_STATUS.refunded
      ? RIDER_STATUS.refunded
      : o.status === ORDER_STATUS.toReceive
        ? RIDER_STATUS.onTheWay
        : RIDER_STATUS.delivered;
  return { storeOrder, finish_code: o.finishCode, status, storeOrderStatus };
}
