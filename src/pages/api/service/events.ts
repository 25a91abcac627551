import { endpoint } from '../../../server/http/envelope.ts';
import { requireUser } from '../../../server/services/context.ts';
import { openChatStream } from '../../../server/services/chat/stream.ts';
import { requireEventStream, streamDesk, streamStart } from '../../../server/services/chat/stream-request.ts';

/**
 * The signed-in shopper's chat as server-sent events (services/chat/stream.ts): new messages of all their
 * conversations (`?mer_id=`: the one with that desk, its messages read as they arrive) and recalls, from
 * `Last-Event-ID` (a reconnection) or `?after=<service_log_id>` on.
 */
export const GET = endpoint(async (ctx, { request, url }) => {
  const user = requireUser(ctx);
  requireEventStream(request);
  return openChatStream(
    ctx.db,
    { by: 'shopper', uid: user.uid, nickname: user.nickname, avatar: user.avatar },
    streamStart(request, url),
    request.signal,
  );
});
