import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { mallDesk } from '../../../../server/services/chat/desk-chat.ts';
import { openChatStream } from '../../../../server/services/chat/stream.ts';
import { requireEventStream, streamStart } from '../../../../server/services/chat/stream-request.ts';

/** The mall desk's chat as server-sent events (new shopper messages and recalls of all its conversations), as the shopper's stream. */
export const GET = operatorEndpoint(async (ctx, { request, url }) => {
  requireEventStream(request);
  return openChatStream(ctx.db, { by: 'desk', merId: mallDesk(ctx).merId }, streamStart(request, url), request.signal);
});
