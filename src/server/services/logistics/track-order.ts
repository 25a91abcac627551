import { z } from 'zod';
import { DELIVERY_TYPE } from '../../db/schema/index.ts';
import { getLogisticsProvider, type TrackStep } from '../../logistics/index.ts';
import { cityOf } from '../../logistics/places.ts';
import { countryName } from '../../../shared/address.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { findShopperOrder, shippedOrderDto, type ShippedOrderDto, type StoreOrderRow } from './shopper-order.ts';

export const TRACK_TEXT = {
  notShipped: '该订单暂无快递物流信息',
  failed: '物流信息暂时查询不到，请稍后再试',
} as const;

/** `POST /api/order/express/{order_id}` data: the shipped order and its tracking timeline, newest first. */
export interface OrderExpressDto {
  order: ShippedOrderDto;
  express: TrackStep[];
  /** Why `express` is empty when the tracking provider failed ('' otherwise). */
  express_message: string;
}

/** The receiver's phone as carriers take it: a mainland number without +86. */
const carrierPhone = (phone: string) => phone.replace(/^\+86/, '').replace(/[\s-]/g, '');

/**
 * Asks the tracking provider about a shipped order's parcel, outside any transaction. A provider failure (service
 * down, 5 s timeout, garbage) is logged and gives an empty timeline with a message, never an error page.
 */
export async function trackParcel(o: StoreOrderRow, merAddress: string): Promise<{ express: TrackStep[]; message: string }> {
  const abroad = !!o.receiver.country && o.receiver.country !== 'CN';
  try {
    const express = await getLogisticsProvider().track({
      code: o.deliveryCode,
      number: o.deliveryId,
      phone: carrierPhone(o.receiver.phone),
      shippedAt: o.deliveryTime ?? o.createdAt,
      from: cityOf(merAddress) || undefined,
      to: abroad ? countryName(o.receiver.country) : cityOf(o.receiver.address) || undefined,
      abroad,
    });
    return { express, message: '' };
  } catch (err) {
    console.error(`[mallfront] tracking of order ${o.orderId} (${o.deliveryCode} ${o.deliveryId}) failed: ${(err as Error).message}`);
    return { express: [], message: TRACK_TEXT.failed };
  }
}

/**
 * The shopper's own order shipped by express, with its parcel's timeline (`/logistics`). Another shopper's or an
 * unknown order, and one not shipped by express (not yet shipped, a rider delivery, pickup), is a 404.
 */
export async function trackOrder(ctx: ServiceContext, input: { id: unknown }): Promise<OrderExpressDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const o = await findShopperOrder(ctx.db, user.uid, id);
  if (o.deliveryType !== DELIVERY_TYPE.express || !o.deliveryTime) throw notFound(TRACK_TEXT.notShipped);
  const { mer_address, ...order } = await shippedOrderDto(ctx.db, o);
  const { express, message } = await trackParcel(o, mer_address);
  return { order, express, express_message: message };
}
