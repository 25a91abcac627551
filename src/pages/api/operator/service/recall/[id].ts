import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { recallDeskMessage, mallDesk } from '../../../../../server/services/chat/desk-chat.ts';

/** The mall's desk takes back its own reply `id` within two minutes. */
export const POST = operatorEndpoint(async (ctx, { params }) => {
  await recallDeskMessage(mallDesk(ctx), { id: params.id });
  return ok([], '已撤回');
});
