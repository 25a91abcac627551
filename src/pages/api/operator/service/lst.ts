import { ok } from '../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { listDeskConversations, mallDesk } from '../../../../server/services/chat/desk-chat.ts';
import { rawQuery } from '../../_input.ts';

/** The mall desk's (mer_id 0) chat conversations `{count, list}` (`?page&limit`), latest first, with Authorization: Bearer <operator token>. */
export const GET = operatorEndpoint(async (ctx, { url }) => ok(await listDeskConversations(mallDesk(ctx), rawQuery(url))));
