import { and, count, desc, eq } from 'drizzle-orm';
import { refundOrder } from '../../db/schema/index.ts';
import { merchantRefundListQuery } from '../../../shared/schemas/merchant-api.ts';
import { offsetOf, parseInput, type Page } from '../input.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { merchantRefundDtos, type MerchantRefundDto } from './merchant-refund-dto.ts';

/**
 * `GET /api/merchant/refund/lst?status=&page=&limit=`: the merchant's refund requests, newest first, with items,
 * amounts, reason, pictures, the buyer's phone, the return shipment and where the money is. `status` is one refund
 * status or all.
 */
export async function listMerchantRefunds(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantRefundDto>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantRefundListQuery, input);
  const where = and(eq(refundOrder.merId, merId), q.status === 'all' ? undefined : eq(refundOrder.status, Number(q.status)));
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(refundOrder).where(where),
    ctx.db
      .select()
      .from(refundOrder)
      .where(where)
      .orderBy(desc(refundOrder.refundOrderId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
  ]);
  return { count: total?.n ?? 0, list: await merchantRefundDtos(ctx.db, rows) };
}
