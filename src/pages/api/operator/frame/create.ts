import { z } from 'zod';
import { ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { createFrame } from '../../../../server/services/promotion/manage-frames.ts';

/**
 * A new activity frame `{name, pic, scope (0 all, 1 categories, 2 shops, 3 products), scope_ids, start_time, end_time
 * (mall time 'YYYY-MM-DD HH:mm:ss'), status, sort}`; product cards show it as `border_pic` while it runs.
 */
export const POST = operatorEndpoint(async (ctx, { request }) => {
  // The service validates once (times become instants there); here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await createFrame(ctx, body), '添加成功');
});
