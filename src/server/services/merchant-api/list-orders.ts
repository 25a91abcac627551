import { and, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { storeOrder } from '../../db/schema/index.ts';
import { merchantOrderListQuery, type MerchantOrderFilter } from '../../../shared/schemas/merchant-api.ts';
import { offsetOf, parseInput, type Page } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { merchantOrderDtos, type MerchantOrderDto } from './order-dto.ts';

function statusFilter(f: MerchantOrderFilter): SQL | undefined {
  if (f === 'all') return undefined;
  if (f === '-2') return notInArray(storeOrder.status, [10, 11]);
  // To ship includes group buys still forming (9), as the shopper's list does.
  if (f === '0') return inArray(storeOrder.status, [0, 9]);
  return eq(storeOrder.status, Number(f));
}

/**
 * `GET /api/merchant/order/lst?status=&page=&limit=`: the merchant's paid orders, newest first, with items, receiver,
 * amounts, order type, shipment and both notes. `status` filters as the shopper's order list does.
 */
export async function listMerchantOrders(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantOrderDto>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantOrderListQuery, input);
  const where = and(eq(storeOrder.merId, merId), eq(storeOrder.paid, true), statusFilter(q.status));
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(storeOrder).where(where),
    ctx.db.select().from(storeOrder).where(where).orderBy(desc(storeOrder.orderId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
  ]);
  return { count: total?.n ?? 0, list: await merchantOrderDtos(ctx.db, rows) };
}
