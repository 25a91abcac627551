import { z } from 'zod';
import { REFUND_STATUS } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { refundRefuseBody, type RefundRefuseBody } from '../../../shared/schemas/merchant-api.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { findMerchantRefund, type MerchantRefundDto } from './merchant-refund-dto.ts';
import { moveMerchantRefund } from './merchant-refund-transition.ts';
import { queueShopperNotice } from '../order/shopper-notices.ts';

/**
 * `POST /api/merchant/refund/refuse/{id}` `{fail_message}`: refuses a request under review (status 0 → -1) with the
 * reason the buyer reads (on the request and by SMS); its items are refundable again.
 */
export async function refuseMerchantRefund(
  ctx: MerchantContext,
  input: { id: unknown } & Partial<RefundRefuseBody>,
): Promise<MerchantRefundDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('退款单ID') }), { id: input.id });
  const { fail_message } = parseInput(refundRefuseBody, input);
  const r = await findMerchantRefund(ctx.db, merId, id);
  return moveMerchantRefund(ctx.db, merId, id, {
    from: REFUND_STATUS.review,
    set: { status: REFUND_STATUS.refused, failMessage: fail_message },
    timeline: [{ changeType: 'refund_refuse', changeMessage: `商家拒绝退款，退款单${r.refundOrderSn}，原因：${fail_message}` }],
    // The shopper hears why by SMS.
    also: (tx, row) => queueShopperNotice(tx, { event: 'refund_refused', refundOrderId: row.refundOrderId }),
  });
}
