import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { rejectIntention } from '../../../../../server/services/intention/review-intention.ts';

/** Rejects a pending application once `{fail_msg}` (the reason its applicant reads). */
export const POST = operatorEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await rejectIntention(ctx, { ...body, id: params.id ?? '' }), '已驳回');
});
