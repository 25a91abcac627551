import { z } from 'zod';
import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { updateIntention } from '../../../../server/services/intention/save-intention.ts';
import { INTENTION_TEXT } from '../../../../shared/intention.ts';
import { readObjectBody } from '../../_input.ts';

/** Edits a pending application or resubmits a rejected one (same body as create; `code` only when the phone changes). */
export const POST = endpoint(async (ctx, { params, request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await updateIntention(ctx, { ...body, id: params.id ?? '' }), INTENTION_TEXT.updated);
});
