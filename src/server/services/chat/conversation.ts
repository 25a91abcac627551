import { and, count as countRows, countDistinct, desc, eq, inArray, isNull, max, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessage, users } from '../../db/schema/index.ts';
import { CHAT_FROM, CHAT_KIND, type ChatHistoryDto } from '../../../shared/chat.ts';
import { offsetOf } from '../input.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { type ChatParties, type ChatRow, toChatMessages } from './chat-dto.ts';
import { type Desk, deskNickname } from './desk.ts';

/** The names on messages between one shopper and one desk. */
export function partiesOf(shopper: { nickname: string; avatar: string }, desk: Desk): ChatParties {
  const service = { nickname: deskNickname(desk), avatar: desk.avatar };
  // Only the name and avatar: `shopper` may be the session's whole user (phone included), which no message carries.
  const user = { nickname: shopper.nickname, avatar: shopper.avatar };
  return { user: () => user, service: () => service };
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
  const marked = await db
    .update(chatMessage)
    .set({ readAt: new Date() })
    .where(and(scope, eq(chatMessage.sendType, other), isNull(chatMessage.readAt)))
    .returning({ id: chatMessage.serviceLogId });
  if (reader === 'shopper' && marked.length) unreadChanged(db, uid);
  return { count: total?.n ?? 0, list: await toChatMessages(db, rows.reverse(), partiesOf(shopper, desk)) };
}

/** Whether shopper `uid` and desk `merId` have written to each other. */
export async function hasConversation(db: Db, uid: number, merId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessage.serviceLogId })
    .from(chatMessage)
    .where(and(eq(chatMessage.uid, uid), eq(chatMessage.merId, merId)))
    .limit(1);
  return !!row;
}

/** Messages of `from` the other side has not read yet; one taken back is not waiting to be read any more. */
export const unreadFrom = (from: number) =>
  and(eq(chatMessage.sendType, from), isNull(chatMessage.readAt), ne(chatMessage.msnType, CHAT_KIND.recalled))!;

/** Messages of `from` not read yet in shopper `uid`'s conversation with desk `merId`, or in all their conversations. */
export async function unreadCount(db: Db, uid: number, from: number, merId?: number): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(chatMessage)
    .where(and(eq(chatMessage.uid, uid), merId === undefined ? undefined : eq(chatMessage.merId, merId), unreadFrom(from)));
  return row?.n ?? 0;
}

/**
 * The desk messages shopper `uid` has not read, over all their conversations: the header's 消息 count (spec section 3
 * `unreadNum`). A subquery, so the shopper's header reads it with their session (session/shopper-cache.ts).
 */
export const shopperUnreadSql = (uid: SQLWrapper) =>
  sql<number>`(select count(*)::int from ${chatMessage} where ${chatMessage.uid} = ${uid} and ${unreadFrom(CHAT_FROM.service)})`;

/**
 * Says that shopper `uid`'s unread count changed (a desk wrote or took back a message, the shopper read some): their
 * header, kept with their session for shared pages, is read again. Inside a transaction it waits for the commit.
 */
export const unreadChanged = (db: Db, uid: number) => invalidate(db, [tag('shopper', uid)]);

/**
 * One page of the conversations of one side, latest first: a shopper's (one per desk, `side` 'shopper') or a desk's
 * (one per shopper, `side` 'desk'). Each comes with the other party's id, its last message, and the other side's
 * messages the reader has not read; `count` is how many conversations there are.
 */
export async function conversationPage(
  db: Db,
  side: { shopper: number } | { desk: number },
  paging: { page: number; limit: number },
): Promise<{ count: number; list: { party: number; unread: number; last: ChatRow }[] }> {
  const byShopper = 'shopper' in side;
  const mine = byShopper ? eq(chatMessage.uid, side.shopper) : eq(chatMessage.merId, side.desk);
  const party = byShopper ? chatMessage.merId : chatMessage.uid;
  const lastId = max(chatMessage.serviceLogId);
  const [groups, [total]] = await Promise.all([
    db
      .select({
        party,
        lastId,
        unread: sql<number>`count(*) filter (where ${unreadFrom(byShopper ? CHAT_FROM.service : CHAT_FROM.shopper)})`.mapWith(Number),
      })
      .from(chatMessage)
      .where(mine)
      .groupBy(party)
      .orderBy(desc(lastId))
      .limit(paging.limit)
      .offset(offsetOf(paging.page, paging.limit)),
    db
      .select({ n: countDistinct(party) })
      .from(chatMessage)
      .where(mine),
  ]);
  const rows = groups.length
    ? await db
        .select()
        .from(chatMessage)
        .where(
          inArray(
            chatMessage.serviceLogId,
            groups.map((g) => g.lastId ?? 0),
          ),
        )
    : [];
  const lastOf = new Map(rows.map((r) => [r.serviceLogId, r]));
  return {
    count: total?.n ?? 0,
    list: groups.map((g) => ({ party: g.party, unread: g.unread, last: lastOf.get(g.lastId ?? 0)! })),
  };
}
