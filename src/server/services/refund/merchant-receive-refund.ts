import { z } from 'zod';
import { REFUND_STATUS } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { findMerchantRefund, type MerchantRefundDto } from './merchant-refund-dto.ts';
import { moveMerchantRefund } from './merchant-refund-transition.ts';
import { restockRefund } from '../order/restock.ts';

/**
 * `POST /api/merchant/refund/receive/{id}`: the merchant received the goods the buyer sent back (status 2 only) →
 * refunded (3): the returned quantities go back to stock (`restockRefund`) and the money goes back.
 */
export async function receiveMerchantRefund(
  ctx: MerchantContext,
  input: { id: unknown },
  /** `system`: the `refund.auto` job confirms for a merchant who did not in time (the timeline says so). */
  by: 'merchant' | 'system' = 'merchant',
): Promise<MerchantRefundDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('退款单ID') }), { id: input.id });
  const r = await findMerchantRefund(ctx.db, merId, id);
  return moveMerchantRefund(ctx.db, merId, id, {
    from: REFUND_STATUS.awaitReceipt,
    set: { status: REFUND_STATUS.refunded, moneyState: 'pending' },
    timeline: [
      {
        changeType: 'refund_receive',
        changeMessage: `${by === 'system' ? '商家超时未确认收货，系统自动确认' : '商家已收到退货'}，退款单${r.refundOrderSn}，退款¥${toYuan(r.refundPrice)}`,
      },
    ],
    also: (tx, row) => restockRefund(tx, row.refundOrderId),
  });
}
