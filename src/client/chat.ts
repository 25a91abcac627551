// Customer-service chat calls of the shopper (`/api/has_service`, `/api/service/*`) and its live event stream, for the
// chat island (components/chat). Thin wrappers over api.ts: the envelope, `请登录` and the progress bar are handled there.
import { get, post } from './api.ts';
import { CHAT_EVENT, type ChatHistoryDto, type ChatKind, type ChatMessageDto, type ChatServiceDto } from '../shared/chat.ts';

export const chatApi = {
  /** Resolves when desk `merId` (0 the mall's own) takes chats; rejects with 暂无可用客服 otherwise. */
  hasService: (merId: number) => get<unknown>(`/api/has_service/${merId}`),
  info: (merId: number) => get<ChatServiceDto>(`/api/service/info/${merId}`),
  /** Page 1 is the newest messages, each page oldest first. Reading it marks the desk's messages read. */
  history: (merId: number, page: number, limit = 20) => get<ChatHistoryDto>(`/api/service/history/${merId}`, { page, limit }),
  send: (merId: number, msn_type: ChatKind, msn: string) => post<ChatMessageDto>(`/api/service/send/${merId}`, { msn_type, msn }),
  recall: (serviceLogId: number) => post<unknown>(`/api/service/recall/${serviceLogId}`),
};

export interface ChatRecallEvent {
  service_log_id: number;
  mer_id: number;
}

export interface ChatStreamHandlers {
  message: (m: ChatMessageDto) => void;
  recall: (r: ChatRecallEvent) => void;
  /** The stream is (again) connected. */
  open: () => void;
  /** The stream is down (the browser retries by itself; when it gives up, this retries with a growing pause). */
  down: () => void;
}

const parse = <T>(e: Event): T | null => {
  try {
    return JSON.parse((e as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
};

/**
 * Listens to `GET /api/service/events?mer_id=` (the shopper's conversation with desk `merId`, whose messages the
 * server marks read as it delivers them) until the returned function is called, starting after message `after()`
 * (the last one the page has; 0 for an empty conversation, so nothing written since the history was read is
 * missed). The browser reconnects a dropped
 * stream itself and the server replays what was missed from `Last-Event-ID`; a stream the browser gave up on (an
 * error answer) is opened anew after 2, 4, … 30 seconds, from `after()` again.
 */
export function listenChat(merId: number, h: ChatStreamHandlers, after: () => number): () => void {
  let es: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pause = 2000;
  let stopped = false;
  const connect = () => {
    const source = new EventSource(`/api/service/events?mer_id=${merId}&after=${after()}`);
    es = source;
    source.addEventListener('open', () => {
      pause = 2000;
      h.open();
    });
    source.addEventListener(CHAT_EVENT.message, (e) => {
      const m = parse<ChatMessageDto>(e);
      if (m && typeof m.service_log_id === 'number') h.message(m);
    });
    source.addEventListener(CHAT_EVENT.recall, (e) => {
      const r = parse<ChatRecallEvent>(e);
      if (r && typeof r.service_log_id === 'number') h.recall(r);
    });
    source.addEventListener('error', () => {
      if (stopped) return;
      h.down();
      if (source.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(connect, pause);
      pause = Math.min(pause * 2, 30000);
    });
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    es?.close();
  };
}
