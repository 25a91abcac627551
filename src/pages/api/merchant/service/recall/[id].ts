import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { recallDeskMessage, merchantDesk } from '../../../../../server/services/chat/desk-chat.ts';

/** The shop takes back its own reply `id` within two minutes. */
export const POST = merchantEndpoint(async (ctx, { params }) => {
  await recallDeskMessage(merchantDesk(ctx), { id: params.id });
  return ok([], '已撤回');
});
