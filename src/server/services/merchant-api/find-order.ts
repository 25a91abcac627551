import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storeOrder } from '../../db/schema/index.ts';
import { notFound } from '../input.ts';

export const ORDER_GONE = '订单不存在';

/** One of the merchant's paid orders; another merchant's, an unpaid or an unknown one is the same 404. */
export async function findMerchantOrder(db: Db, merId: number, orderId: number): Promise<typeof storeOrder.$inferSelect> {
  const [o] = await db
    .select()
    .from(storeOrder)
    .where(and(eq(storeOrder.orderId, orderId), eq(storeOrder.merId, merId), eq(storeOrder.paid, true)));
  if (!o) throw notFound(ORDER_GONE);
  return o;
}
