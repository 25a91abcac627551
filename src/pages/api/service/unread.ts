import { endpoint, ok } from '../../../server/http/envelope.ts';
import { countUnread } from '../../../server/services/chat/shopper-chat.ts';

/** The shopper's unread customer-service messages, all desks together `{unread_total}` (the header's 消息 count). */
export const GET = endpoint(async (ctx) => ok(await countUnread(ctx)));
