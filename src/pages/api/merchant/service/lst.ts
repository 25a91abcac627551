import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listDeskConversations, merchantDesk } from '../../../../server/services/chat/desk-chat.ts';
import { rawQuery } from '../../_input.ts';

/** The shop's chat conversations `{count, list}` (`?page&limit`), latest first, with Authorization: Bearer <merchant token>. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listDeskConversations(merchantDesk(ctx), rawQuery(url))));
