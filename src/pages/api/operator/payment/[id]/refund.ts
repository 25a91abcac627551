import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { refundPaymentNow } from '../../../../../server/services/operator/money-due.ts';

/** Gives a payment's money kept for a refund back now, through the gateway that took it (`{payment_id, status}`). */
export const POST = operatorEndpoint(async (ctx, { params }) => ok(await refundPaymentNow(ctx.db, { id: params.id }), '款项已原路退回'));
