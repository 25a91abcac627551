import { and, asc, eq, gt, inArray, isNull, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessage, users } from '../../db/schema/index.ts';
import { CHAT_EVENT, CHAT_FROM, type ChatMessageDto } from '../../../shared/chat.ts';
import { ServiceError } from '../errors.ts';
import { type ChatParties, toChatMessages } from './chat-dto.ts';
import { deskNickname, deskOf } from './desk.ts';
import { unreadChanged } from './conversation.ts';
import { type ChatSignal, deskTopic, listenChat, listenerCount, shopperTopic } from './hub.ts';

/** Open event streams one shopper (or one desk) may hold in one process: a few tabs, not a flood. */
export const STREAMS_PER_READER = 5;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** What EventSource waits before reconnecting. */
const RETRY_MS = 3000;
/**
 * Messages committed out of id order (two sends at once) are caught by reading this far back as well as past the
 * last id sent; ids already sent are skipped.
 */
const LATE_COMMIT_SECONDS = 30;
const BATCH = 100;

/**
 * Who reads the stream: a shopper (all their conversations, or with `merId` the one with that desk, whose messages
 * are then marked read as they are delivered: the chat window showing them is open) or a desk (all its conversations).
 */
export type StreamReader = { by: 'shopper'; uid: number; nickname: string; avatar: string; merId?: number } | { by: 'desk'; merId: number };

const encoder = new TextEncoder();

/** The names on the messages a reader sees, looked up as they are needed (desks from the cache, shoppers once each). */
function partiesFor(db: Db, reader: StreamReader) {
  const desks = new Map<number, { nickname: string; avatar: string }>();
  const shoppers = new Map<number, { nickname: string; avatar: string }>();
  return async (rows: { uid: number; merId: number }[]): Promise<ChatParties> => {
    for (const merId of new Set(rows.map((r) => r.merId))) {
      if (desks.has(merId)) continue;
      const desk = await deskOf({ db }, merId);
      desks.set(merId, { nickname: deskNickname(desk), avatar: desk.avatar });
    }
    if (reader.by === 'desk') {
      const missing = [...new Set(rows.map((r) => r.uid))].filter((uid) => !shoppers.has(uid));
      if (missing.length) {
        const found = await db
          .select({ uid: users.uid, nickname: users.nickname, avatar: users.avatar })
          .from(users)
          .where(inArray(users.uid, missing));
        for (const u of found) shoppers.set(u.uid, { nickname: u.nickname, avatar: u.avatar });
      }
    }
    const nobody = { nickname: '', avatar: '' };
    return {
      user: (uid) => (reader.by === 'shopper' ? { nickname: reader.nickname, avatar: reader.avatar } : (shoppers.get(uid) ?? nobody)),
      service: (merId) => desks.get(merId) ?? nobody,
    };
  };
}

/**
 * `text/event-stream` of the reader's conversations (`GET /api/service/events`): `event: chat` for each new message
 * (`id:` its `service_log_id`, `data:` the message), `event: recall` `{service_log_id, mer_id}` for one taken back.
 * It starts after message `after` (EventSource's `Last-Event-ID` on a reconnection, or the client's `?after=`), or at
 * the newest message when neither is given, so a reconnection replays what was missed. Each wake-up (hub.ts) reads
 * the database past the last message sent; reads never overlap and a wake-up during one reads again after it.
 */
export async function openChatStream(db: Db, reader: StreamReader, after: number | null, abort: AbortSignal): Promise<Response> {
  const topic = reader.by === 'shopper' ? shopperTopic(reader.uid) : deskTopic(reader.merId);
  if (listenerCount(db, topic) >= STREAMS_PER_READER) throw new ServiceError('rate_limited', '打开的客服窗口过多，请关闭其他窗口后再试');
  const oneDesk = reader.by === 'shopper' ? reader.merId : undefined;
  const scope: SQL =
    reader.by === 'desk'
      ? eq(chatMessage.merId, reader.merId)
      : and(eq(chatMessage.uid, reader.uid), oneDesk === undefined ? undefined : eq(chatMessage.merId, oneDesk))!;
  /** Nothing at or below the starting point is sent; above it, each message once. */
  const startId =
    after ??
    (
      await db
        .select({ id: max(chatMessage.serviceLogId) })
        .from(chatMessage)
        .where(scope)
    )[0]?.id ??
    0;
  let lastId = startId;
  /** Ids sent lately, with when: the late-commit read skips them. */
  const sent = new Map<number, number>();
  const parties = partiesFor(db, reader);
  let reading = false;
  let again = false;
  let closed = false;
  let stop = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const send = (m: ChatMessageDto) => write(`event: ${CHAT_EVENT.message}\nid: ${m.service_log_id}\ndata: ${JSON.stringify(m)}\n\n`);
      const pump = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            // Ids sent within twice the late-commit window: older ones cannot come back through it.
            const recent = Date.now() - 2 * LATE_COMMIT_SECONDS * 1000;
            for (const [id, at] of sent) if (at < recent) sent.delete(id);
            const late = and(
              gt(chatMessage.serviceLogId, startId),
              sql`${chatMessage.createdAt} > now() - make_interval(secs => ${LATE_COMMIT_SECONDS})`,
              sent.size ? notInArray(chatMessage.serviceLogId, [...sent.keys()]) : undefined,
            );
            const rows = await db
              .select()
              .from(chatMessage)
              .where(and(scope, or(gt(chatMessage.serviceLogId, lastId), late)))
              .orderBy(asc(chatMessage.serviceLogId))
              .limit(BATCH);
            const fresh = rows.filter((r) => !sent.has(r.serviceLogId));
            if (rows.length === BATCH) again = true;
            if (!fresh.length || closed) continue;
            for (const m of await toChatMessages(db, fresh, await parties(fresh))) {
              send(m);
              sent.set(m.service_log_id, Date.now());
              lastId = Math.max(lastId, m.service_log_id);
            }
            const seen = fresh
              .filter((r) => oneDesk !== undefined && r.sendType === CHAT_FROM.service && !r.readAt)
              .map((r) => r.serviceLogId);
            if (seen.length) {
              const marked = await db
                .update(chatMessage)
                .set({ readAt: new Date() })
                .where(and(inArray(chatMessage.serviceLogId, seen), isNull(chatMessage.readAt)))
                .returning({ uid: chatMessage.uid });
              if (marked[0]) unreadChanged(db, marked[0].uid);
            }
          } while (again && !closed);
        } catch (err) {
          // The client reconnects with its last id and misses nothing.
          console.error('[mallfront] chat stream read failed:', (err as Error).message);
          stop();
        } finally {
          reading = false;
        }
      };
      const onSignal = (signal: ChatSignal) => {
        if (oneDesk !== undefined && signal.merId !== oneDesk) return;
        if (signal.recalled)
          write(`event: ${CHAT_EVENT.recall}\ndata: ${JSON.stringify({ service_log_id: signal.recalled, mer_id: signal.merId })}\n\n`);
        else void pump();
      };
      const unlisten = listenChat(db, topic, onSignal);
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      stop = () => {
        if (closed) return;
        closed = true;
        unlisten();
        clearInterval(heartbeat);
        abort.removeEventListener('abort', stop);
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      abort.addEventListener('abort', stop);
      write(`retry: ${RETRY_MS}\n\n`);
      void pump();
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (it would hold events back to fill a block).
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
