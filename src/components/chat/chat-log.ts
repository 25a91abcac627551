// The chat window's pure parts: merging messages from history pages, sends and the live stream (each message once, in
// the order written), recalls, times, and the composer's text rules. Kept apart from React so they are unit-tested.
import { CHAT_EMOJI, CHAT_FROM, CHAT_KIND, CHAT_RECALL_SECONDS, type ChatMessageDto } from '../../shared/chat.ts';
import { mallTimeMs } from '../../shared/mall-time.ts';

export { mallTimeMs };

/** `list` with `incoming` added: one entry per `service_log_id` (the newer copy wins), oldest first. */
export function mergeMessages(list: readonly ChatMessageDto[], incoming: readonly ChatMessageDto[]): ChatMessageDto[] {
  if (!incoming.length) return list as ChatMessageDto[];
  const byId = new Map<number, ChatMessageDto>();
  for (const m of list) byId.set(m.service_log_id, m);
  for (const m of incoming) {
    const had = byId.get(m.service_log_id);
    // A recall seen first (stream) is not undone by an older copy of the message (a history page read before it).
    byId.set(m.service_log_id, had?.msn_type === CHAT_KIND.recalled ? had : m);
  }
  return [...byId.values()].sort((a, b) => a.service_log_id - b.service_log_id);
}

/** `list` with message `id` taken back: its text and card gone (as history gives it from then on). */
export function recallIn(list: readonly ChatMessageDto[], id: number): ChatMessageDto[] {
  if (!list.some((m) => m.service_log_id === id && m.msn_type !== CHAT_KIND.recalled)) return list as ChatMessageDto[];
  return list.map((m) => {
    if (m.service_log_id !== id) return m;
    const { product: _p, orderInfo: _o, refundOrder: _r, ...rest } = m;
    return { ...rest, msn_type: CHAT_KIND.recalled, msn: '' };
  });
}

/** How a message's time reads next to it: the time alone today, the date too on other days, the year in other years. */
export function timeLabel(t: string, nowMs: number): string {
  const today = new Date(nowMs + 8 * 3600_000).toISOString().slice(0, 10);
  if (t.slice(0, 10) === today) return t.slice(11, 16);
  if (t.slice(0, 4) === today.slice(0, 4)) return `${t.slice(5, 10)} ${t.slice(11, 16)}`;
  return t.slice(0, 16);
}

/**
 * Milliseconds the shopper may still take message `m` back (0: not theirs, already taken back, or too old). `nowMs` is
 * the server's clock as well as the page knows it (the browser's, corrected by what a send's answer showed).
 */
export function recallLeftMs(m: ChatMessageDto, nowMs: number): number {
  if (m.send_type !== CHAT_FROM.shopper || m.msn_type === CHAT_KIND.recalled) return 0;
  const at = mallTimeMs(m.create_time);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at + CHAT_RECALL_SECONDS * 1000 - nowMs);
}

/** Characters as the server counts them (code points). */
export const chatLength = (text: string) => [...text.trim()].length;

/** The kind a typed text is sent as: one of the picker's emoji alone goes as an emoji message, anything else as text. */
export function kindOfText(text: string): typeof CHAT_KIND.text | typeof CHAT_KIND.emoji {
  return (CHAT_EMOJI as readonly string[]).includes(text.trim()) ? CHAT_KIND.emoji : CHAT_KIND.text;
}

/** `text` with `insert` put in place of the selection `[start, end)`, and where the cursor goes after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; cursor: number } {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return { text: text.slice(0, s) + insert + text.slice(e), cursor: s + insert.length };
}
