import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { storeOrder } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { remarkBody } from '../../../shared/schemas/merchant-api.ts';
import { notFound, parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { ORDER_GONE } from './find-order.ts';

/** `POST /api/merchant/order/remark/{order_id}` `{remark}`: the merchant's note on one of its paid orders ('' clears it). */
export async function remarkOrder(
  ctx: MerchantContext,
  input: { id: unknown; remark?: unknown },
): Promise<{ order_id: number; remark: string }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const { remark } = parseInput(remarkBody, input);
  const [row] = await ctx.db
    .update(storeOrder)
    .set({ remark })
    .where(and(eq(storeOrder.orderId, id), eq(storeOrder.merId, merId), eq(storeOrder.paid, true)))
    .returning({ orderId: storeOrder.orderId, remark: storeOrder.remark });
  if (!row) throw notFound(ORDER_GONE);
  return { order_id: row.orderId, remark: row.remark };
}
