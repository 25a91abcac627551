import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { recallChatMessage } from '../../../../server/services/chat/shopper-chat.ts';

/** The shopper takes back their own message `id` within two minutes. */
export const POST = endpoint(async (ctx, { params }) => {
  await recallChatMessage(ctx, { id: params.id });
  return ok([], '已撤回');
});
