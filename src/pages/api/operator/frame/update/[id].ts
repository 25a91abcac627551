import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { updateFrame } from '../../../../../server/services/promotion/manage-frames.ts';

/** Replaces an activity frame's settings (the same body as create). */
export const POST = operatorEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await updateFrame(ctx, params.id, body), '修改成功');
});
