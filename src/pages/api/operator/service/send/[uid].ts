import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { sendDeskMessage, mallDesk } from '../../../../../server/services/chat/desk-chat.ts';
import { readObjectBody } from '../../../_input.ts';

/** The mall's desk answers shopper `uid`: `{msn_type, msn}` (text, emoji or one of its products) → the message as written. */
export const POST = operatorEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await sendDeskMessage(mallDesk(ctx), { uid: params.uid, body }), '发送成功');
});
