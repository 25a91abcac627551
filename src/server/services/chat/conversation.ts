import { and, count as countRows, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessage, users } from '../../db/schema/index.ts';
import { CHAT_FROM, type ChatHistoryDto } from '../../../shared/chat.ts';
import { offsetOf } from '../input.ts';
import { type ChatParties, toChatMessages } from './chat-dto.ts';
import { type Desk, deskNickname } from './desk.ts';

/** The names on messages between one shopper and one desk. */
export function partiesOf(shopper: { nickname: string; avatar: string }, desk: Desk): ChatParties {
  const service = { nickname: deskNickname(desk), avatar: desk.avatar };
  return { user: () => shopper, service: () => service };
}

/** A shopper's name and avatar as a desk sees them, or null for an unknown shopper. */
export async function shopperOf(db: Db, uid: number): Promise<{ nickname: string; avatar: string } | null> {
  const [u] = await db.select({ nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.uid, uid));
  return u ?? null;
}

/**
 * One page of the conversation between shopper `uid` and desk `desk.merId` (page 1 the newest, each page oldest
 * first), read by `reader`: the other side's messages are marked read.
 */
export async function readConversation(
  db: Db,
  uid: number,
  desk: Desk,
  shopper: { nickname: string; avatar: string },
  reader: 'shopper' | 'desk',
  paging: { page: number; limit: number },
): Promise<ChatHistoryDto> {
  const scope = and(eq(chatMessage.uid, uid), eq(chatMessage.merId, desk.merId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chatMessage)
      .where(scope)
      .orderBy(desc(chatMessage.serviceLogId))
      .limit(paging.limit)
      .offset(offsetOf(paging.page, paging.limit)),
    db.select({ n: countRows() }).from(chatMessage).where(scope),
  ]);
  const other = reader === 'shopper' ? CHAT_FROM.service : CHAT_FROM.shopper;
  await db
    .update(chatMessage)
    .set({ readAt: new Date() })
    .where(and(scope, eq(chatMessage.sendType, other), isNull(chatMessage.readAt)));
  return { count: total?.n ?? 0, list: await toChatMessages(db, rows.reverse(), partiesOf(shopper, desk)) };
}

/** Messages of `from` in the conversation not read yet. */
export async function unreadCount(db: Db, uid: number, merId: number, from: number): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(chatMessage)
    .where(and(eq(chatMessage.uid, uid), eq(chatMessage.merId, merId), eq(chatMessage.sendType, from), isNull(chatMessage.readAt)));
  return row?.n ?? 0;
}
