import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { adjustBalance } from '../../../../../server/services/operator/adjust-balance.ts';

/** The operator adds to or deducts from a shopper's balance: `{number (yuan), pm (1 add, 0 deduct), mark, key}`. */
export const POST = operatorEndpoint(async (ctx, { params, request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  const done = await adjustBalance(ctx.db, { ...body, uid: params.uid });
  return ok(done, done.duplicate ? '该请求已处理' : '余额已调整');
});
