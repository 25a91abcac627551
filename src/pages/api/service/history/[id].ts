import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { listChatHistory } from '../../../../server/services/chat/shopper-chat.ts';
import { rawQuery } from '../../_input.ts';

/** The shopper's conversation with shop `id` (0: the mall) `{count, list, unread_total}`, `?page&limit`: page 1 the newest, each page oldest first. */
export const GET = endpoint(async (ctx, { params, url }) => ok(await listChatHistory(ctx, { ...rawQuery(url), mer_id: params.id })));
