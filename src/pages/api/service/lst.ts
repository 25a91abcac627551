import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listShopperConversations } from '../../../server/services/chat/shopper-chat.ts';
import { rawQuery } from '../_input.ts';

/** The shopper's customer-service conversations `{count, list}`, `?page&limit`, latest first, each desk's unread messages counted. */
export const GET = endpoint(async (ctx, { url }) => ok(await listShopperConversations(ctx, rawQuery(url))));
