import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { sendDeskMessage, merchantDesk } from '../../../../../server/services/chat/desk-chat.ts';
import { readObjectBody } from '../../../_input.ts';

/** The shop answers shopper `uid`: `{msn_type, msn}` (text, emoji or one of its products) → the message as written. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await sendDeskMessage(merchantDesk(ctx), { uid: params.uid, body }), '发送成功');
});
