import { queueMerchantNotice } from '../merchant-api/merchant-notices.ts';
import { and, eq } from 'drizzle-orm';
import { REFUND_STATUS, refundOrder } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { queueAutoRefund } from './queue-auto-refund.ts';
import { refundIdInput, refundShipInput } from '../../../shared/schemas/refund.ts';
import { EXPRESS_COMPANIES } from '../../../shared/express.ts';
import { REFUND_TEXT } from '../../../shared/refund.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { recomputeRefundState } from './refund-state.ts';
import { shopperRefund } from './get-refund.ts';
import { lockOrderOf } from './cancel-refund.ts';

/**
 * `POST /api/refund/back_goods/{id}` `{delivery_type, delivery_id, delivery_phone}` (login required): the shopper has
 * sent the goods back; a request awaiting the return (1) becomes 2 (awaiting the merchant's receipt) with the courier
 * (its name from the express list), tracking number, phone and `delivery_time`. Only from status 1, once.
 */
export async function shipReturn(ctx: ServiceContext, input: Record<string, unknown> & { id: unknown }): Promise<{ status: number }> {
  const user = requireUser(ctx);
  const { id } = parseInput(refundIdInput, { id: input.id });
  const { id: _id, ...rest } = input;
  const body = parseInput(refundShipInput, rest);
  const company = EXPRESS_COMPANIES.find((c) => c.name === body.delivery_type || c.code === body.delivery_type)!;
  const r = await shopperRefund(ctx.db, user.uid, id);
  const at = now();
  return transaction(ctx.db, async (tx) => {
    await lockOrderOf(tx, r.orderId);
    const [done] = await tx
      .update(refundOrder)
      .set({
        status: REFUND_STATUS.awaitReceipt,
        statusTime: at,
        deliveryType: company.name,
        deliveryId: body.delivery_id,
        deliveryPhone: body.delivery_phone,
        deliveryTime: at,
      })
      .where(
        and(
          eq(refundOrder.refundOrderId, r.refundOrderId),
          eq(refundOrder.uid, user.uid),
          eq(refundOrder.status, REFUND_STATUS.awaitReturn),
        ),
      )
      .returning({ status: refundOrder.status });
    if (!done) throw new ServiceError('refused', REFUND_TEXT.shipOnly);
    await recomputeRefundState(tx, r.orderId, at);
    await queueAutoRefund(tx, r.refundOrderId, REFUND_STATUS.awaitReceipt, at);
    await queueMerchantNotice(tx, { event: 'return_shipped', refundOrderId: r.refundOrderId });
    return { status: done.status };
  });
}
