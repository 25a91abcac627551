import type { JobHandlers } from './runner.ts';
import { housekeeping } from './housekeeping.ts';
import { expireOrder } from '../services/order/expire-order.ts';
import { closePresell } from '../services/payment/close-presell.ts';
import { autoReceive } from '../services/order/receive-order.ts';
import { payRefundJob } from '../services/refund/pay-refund-job.ts';
import { refundPaymentJob } from '../services/payment/refund-payment.ts';
import { autoRefund } from '../services/refund/auto-refund.ts';
import { endOffer } from '../services/merchant-api/activity-end.ts';
import { expirePointsJob } from '../services/wallet/expire-points.ts';
import { notifyArrivals } from '../services/relation/arrival-notice.ts';
import { notifyShopper } from '../services/order/shopper-notices.ts';
import { notifyMerchant } from '../services/merchant-api/merchant-notices.ts';

/** Every job kind the server runs, with its handler. A feature adds its kind here and to `JobPayloads`. */
export const appJobs: JobHandlers = {
  housekeeping,
  'order.expire': expireOrder,
  'presell.close': closePresell,
  'order.receive': autoReceive,
  'refund.pay': payRefundJob,
  'payment.refund': refundPaymentJob,
  'refund.auto': autoRefund,
  'integral.expire': expirePointsJob,
  'activity.end': endOffer,
  'arrival.notify': notifyArrivals,
  'shopper.notify': notifyShopper,
  'merchant.notify': notifyMerchant,
};
