import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getServiceInfo } from '../../../../server/services/chat/shopper-chat.ts';

/** The service desk of shop `id` (0: the mall): name, avatar, greeting, phone and the shopper's unread count. */
export const GET = endpoint(async (ctx, { params }) => ok(await getServiceInfo(ctx, { mer_id: params.id })));
