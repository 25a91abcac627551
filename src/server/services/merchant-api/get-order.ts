import { z } from 'zod';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { parseInput } from '../input.ts';
import { orderTimeline } from '../logistics/order-timeline.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { findMerchantOrder } from './find-order.ts';
import { merchantOrderDtos, type MerchantOrderDetailDto } from './order-dto.ts';

/** `GET /api/merchant/order/detail/{order_id}`: one of the merchant's paid orders with its timeline (404 otherwise). */
export async function getMerchantOrder(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantOrderDetailDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const o = await findMerchantOrder(ctx.db, merId, id);
  const [[dto], storeOrderStatus] = await Promise.all([merchantOrderDtos(ctx.db, [o]), orderTimeline(ctx.db, o.orderId)]);
  return { ...dto!, storeOrderStatus };
}
