import { and, eq, inArray } from 'drizzle-orm';
import { REFUND_STATUS, refundOrder, storeOrder } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { refundIdInput } from '../../../shared/schemas/refund.ts';
import { REFUND_TEXT } from '../../../shared/refund.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { recomputeRefundState } from './refund-state.ts';
import { shopperRefund } from './get-refund.ts';

/** Locks the store order of a refund request: every change of a request on one order runs one after the other. */
export async function lockOrderOf(tx: Tx, orderId: number): Promise<void> {
  await tx.select({ id: storeOrder.orderId }).from(storeOrder).where(eq(storeOrder.orderId, orderId)).for('update');
}

/**
 * `POST /api/refund/cancel/{id}` (login required): the shopper withdraws a request still under review (0) or
 * awaiting the return shipment (1); it becomes -10 and its units are refundable again. A conditional update under
 * the store order's lock: a request already cancelled, approved on or refused meanwhile is refused, never changed twice.
 */
export async function cancelRefund(ctx: ServiceContext, input: { id: unknown }): Promise<{ status: number }> {
  const user = requireUser(ctx);
  const { id } = parseInput(refundIdInput, input);
  const r = await shopperRefund(ctx.db, user.uid, id);
  const at = now();
  return transaction(ctx.db, async (tx) => {
    await lockOrderOf(tx, r.orderId);
    const [done] = await tx
      .update(refundOrder)
      .set({ status: REFUND_STATUS.cancelled, statusTime: at })
      .where(
        and(
          eq(refundOrder.refundOrderId, r.refundOrderId),
          eq(refundOrder.uid, user.uid),
          inArray(refundOrder.status, [REFUND_STATUS.review, REFUND_STATUS.awaitReturn]),
        ),
      )
      .returning({ status: refundOrder.status });
    if (!done) throw new ServiceError('refused', REFUND_TEXT.cancelOnly);
    await recomputeRefundState(tx, r.orderId, at);
    return { status: done.status };
  });
}
