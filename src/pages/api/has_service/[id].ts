import { endpoint, ok } from '../../../server/http/envelope.ts';
import { hasService } from '../../../server/services/chat/shopper-chat.ts';

/** Whether shop `id` (0: the mall) answers by chat, for a signed-in shopper; 暂无可用客服 (400) when it does not. */
export const GET = endpoint(async (ctx, { params }) => ok(await hasService(ctx, { mer_id: params.id })));
