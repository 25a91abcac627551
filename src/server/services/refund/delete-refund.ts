import { and, eq, inArray, or } from 'drizzle-orm';
import { REFUND_STATUS, refundOrder } from '../../db/schema/index.ts';
import { refundIdInput } from '../../../shared/schemas/refund.ts';
import { REFUND_TEXT } from '../../../shared/refund.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { shopperRefund } from './get-refund.ts';

/**
 * `POST /api/refund/del/{id}` (login required): hides a finished request (refunded 3, refused -1, cancelled -10) from
 * the shopper's list; one in progress, or refunded but with its money not back yet, is refused. The merchant's records keep it.
 */
export async function deleteRefund(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(refundIdInput, input);
  const r = await shopperRefund(ctx.db, user.uid, id);
  const [done] = await ctx.db
    .update(refundOrder)
    .set({ isDel: true })
    .where(
      and(
        eq(refundOrder.refundOrderId, r.refundOrderId),
        eq(refundOrder.uid, user.uid),
        eq(refundOrder.isDel, false),
        or(
          inArray(refundOrder.status, [REFUND_STATUS.refused, REFUND_STATUS.cancelled]),
          // A refund whose money is not back yet stays in the list, where its progress shows.
          and(eq(refundOrder.status, REFUND_STATUS.refunded), eq(refundOrder.moneyState, 'done')),
        ),
      ),
    )
    .returning({ id: refundOrder.refundOrderId });
  if (!done) throw new ServiceError('refused', REFUND_TEXT.delOnly);
}
