import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { cancelRefund } from '../../../../server/services/refund/cancel-refund.ts';
import { REFUND_TEXT } from '../../../../shared/refund.ts';

/** Withdraws a refund request under review or awaiting the return shipment (login required). */
export const POST = endpoint(async (ctx, { params }) => ok(await cancelRefund(ctx, { id: params.id ?? '' }), REFUND_TEXT.cancelled));
