import { z } from 'zod';
import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { shipReturn } from '../../../../server/services/refund/ship-return.ts';
import { REFUND_TEXT } from '../../../../shared/refund.ts';
import { readObjectBody } from '../../_input.ts';

/** The return shipment of an approved return `{delivery_type, delivery_id, delivery_phone}` (login required). */
export const POST = endpoint(async (ctx, { params, request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await shipReturn(ctx, { ...body, id: params.id ?? '' }), REFUND_TEXT.shipped);
});
