import type { Db } from '../../db/client.ts';
import { REFUND_STATUS } from '../../db/schema/index.ts';
import { REFUND_CLOSED_UNRETURNED } from '../../../shared/refund.ts';
import { moveMerchantRefund } from './merchant-refund-transition.ts';

/**
 * An approved return (awaiting the buyer's parcel) whose goods were not sent back in `refund_return_days`: the request
 * closes as if the buyer had withdrawn it (-10, its units refundable again, the order's timeline says why). The
 * merchant's conditional transition: a parcel sent or a withdrawal at the same moment leaves it nothing to do.
 */
export async function closeUnreturned(db: Db, merId: number, refundOrderId: number): Promise<void> {
  await moveMerchantRefund(db, merId, refundOrderId, {
    from: REFUND_STATUS.awaitReturn,
    // `fail_message` says why it ended (the banner shows it instead of 您已取消本次售后申请).
    set: { status: REFUND_STATUS.cancelled, failMessage: REFUND_CLOSED_UNRETURNED },
    timeline: [{ changeType: 'refund_close', changeMessage: REFUND_CLOSED_UNRETURNED }],
  });
}
