import { z } from 'zod';
import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { sendChatMessage } from '../../../../server/services/chat/shopper-chat.ts';
import { readObjectBody } from '../../_input.ts';

/** The shopper writes to shop `id` (0: the mall): `{msn_type, msn}` (shared/chat.ts) → the message as written. */
export const POST = endpoint(async (ctx, { params, request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await sendChatMessage(ctx, { mer_id: params.id, body }), '发送成功');
});
