import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { merchantDesk } from '../../../../server/services/chat/desk-chat.ts';
import { openChatStream } from '../../../../server/services/chat/stream.ts';
import { requireEventStream, streamStart } from '../../../../server/services/chat/stream-request.ts';

/** The shop's chat as server-sent events (new shopper messages and recalls of all its conversations), as the shopper's stream. */
export const GET = merchantEndpoint(async (ctx, { request, url }) => {
  requireEventStream(request);
  return openChatStream(ctx.db, { by: 'desk', merId: merchantDesk(ctx).merId }, streamStart(request, url), request.signal);
});
