import { describe, expect, it } from 'vitest';
import { CHAT_KIND, CHAT_RECALL_SECONDS, type ChatMessageDto } from '../../shared/chat.ts';
import { chatLength, insertAt, kindOfText, mallTimeMs, mergeMessages, recallIn, recallLeftMs, timeLabel } from './chat-log.ts';

const msg = (id: number, over: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
  service_log_id: id,
  mer_id: 2,
  uid: 7,
  send_type: 0,
  msn_type: CHAT_KIND.text,
  msn: `m${id}`,
  create_time: '2026-03-01 10:00:00',
  user: { nickname: 'u', avatar: '' },
  service: { nickname: 's', avatar: '' },
  ...over,
});

describe('chat log', () => {
  it('keeps one copy of each message, oldest first, whichever way it came', () => {
    const page1 = [msg(5), msg(6)];
    const older = [msg(3), msg(4), msg(5)];
    const merged = mergeMessages(mergeMessages(page1, older), [msg(7), msg(6)]);
    expect(merged.map((m) => m.service_log_id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('does not bring back a message taken back when an older copy of it arrives', () => {
    const list = recallIn([msg(1, { msn_type: CHAT_KIND.product, msn: '9', product: {} as never })], 1);
    expect(list[0]).toMatchObject({ msn_type: CHAT_KIND.recalled, msn: '' });
    expect(list[0]!.product).toBeUndefined();
    expect(mergeMessages(list, [msg(1)])[0]!.msn_type).toBe(CHAT_KIND.recalled);
    expect(recallIn(list, 1)).toBe(list);
  });

  it('reads mall times as Beijing time and labels them by day', () => {
    const at = mallTimeMs('2026-03-01 10:00:00');
    expect(new Date(at).toISOString()).toBe('2026-03-01T02:00:00.000Z');
    expect(mallTimeMs('soon')).toBeNaN();
    expect(timeLabel('2026-03-01 10:00:00', at + 3600_000)).toBe('10:00');
    expect(timeLabel('2026-02-27 09:05:00', at)).toBe('02-27 09:05');
    expect(timeLabel('2025-12-31 23:59:00', at)).toBe('2025-12-31 23:59');
  });

  it('lets the shopper take back only their own live messages within the time', () => {
    const at = mallTimeMs('2026-03-01 10:00:00');
    expect(recallLeftMs(msg(1), at + 1000)).toBe(CHAT_RECALL_SECONDS * 1000 - 1000);
    expect(recallLeftMs(msg(1), at + CHAT_RECALL_SECONDS * 1000)).toBe(0);
    expect(recallLeftMs(msg(1, { send_type: 1 }), at)).toBe(0);
    expect(recallLeftMs(msg(1, { msn_type: CHAT_KIND.recalled }), at)).toBe(0);
  });

  it('counts, classifies and edits the typed text', () => {
    expect(chatLength('  你好😀 ')).toBe(3);
    expect(kindOfText(' 👍 ')).toBe(CHAT_KIND.emoji);
    expect(kindOfText('👍👍')).toBe(CHAT_KIND.text);
    expect(kindOfText('好的')).toBe(CHAT_KIND.text);
    expect(insertAt('你好吗', '😀', 2, 2)).toEqual({ text: '你好😀吗', cursor: 4 });
    expect(insertAt('abc', 'X', 1, 3)).toEqual({ text: 'aX', cursor: 2 });
    expect(insertAt('abc', 'X', 9, 9)).toEqual({ text: 'abcX', cursor: 4 });
  });
});
