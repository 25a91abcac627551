import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { payRefundNow } from '../../../../../server/services/operator/money-due.ts';

/** Pays an approved refund's money back now, after its job gave up (`{refund_order_id, money_state}`). */
export const POST = operatorEndpoint(async (ctx, { params }) => ok(await payRefundNow(ctx.db, { id: params.id }), '退款已完成'));
