import { z } from 'zod';
import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { applyRefund } from '../../../../server/services/refund/apply-refund.ts';
import { REFUND_TEXT } from '../../../../shared/refund.ts';
import { readObjectBody } from '../../_input.ts';

/**
 * Asks for a refund of items of a paid order `{type, refund_type, num, ids, refund_message, mark, refund_price, pics[], phone}`
 * → `{refund_order_id}` (login required). The service checks every field.
 */
export const POST = endpoint(async (ctx, { params, request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await applyRefund(ctx, { ...body, order_id: params.id ?? '' }), REFUND_TEXT.applied);
});
