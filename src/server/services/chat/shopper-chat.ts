import { z } from 'zod';
import {
  CHAT_FROM,
  CHAT_TEXT,
  type ChatHistoryDto,
  type ChatMessageDto,
  type ChatServiceDto,
  type ChatShopperConversationDto,
} from '../../../shared/chat.ts';
import { chatHistoryQuery } from '../../../shared/schemas/chat.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput, type Page } from '../input.ts';
import { toChatMessages } from './chat-dto.ts';
import { conversationPage, hasConversation, partiesOf, readConversation, unreadCount } from './conversation.ts';
import { type Desk, deskNickname, deskOf, parseMerId, requireDesk } from './desk.ts';
import { recallMessage, writeMessage } from './write-message.ts';

/**
 * The shopper's side of customer-service chat (reference: `has_service`, `service/info`, `service/history`), one
 * verb each below; every one needs a signed-in shopper and talks only about that shopper's own conversations.
 * `mer_id` is a shop, or 0 for the mall's own desk.
 */

/** `GET /api/has_service/{mer_id}`: whether the desk answers by chat; 暂无可用客服 when it does not. */
export async function hasService(ctx: ServiceContext, input: { mer_id: unknown }): Promise<{ mer_id: number; service_id: number }> {
  requireUser(ctx);
  const desk = await requireDesk(ctx, parseMerId(input.mer_id));
  return { mer_id: desk.merId, service_id: desk.merId };
}

/**
 * The desk whose conversation the shopper reads: one that takes chats, or one they already have a conversation with
 * (a shop that has since stopped chatting still shows what it wrote, so its unread messages can be read; writing to
 * it is refused, 暂无可用客服).
 */
const readableDesk = (ctx: ServiceContext, uid: number, merId: number): Promise<Desk> =>
  requireDesk(ctx, merId, () => hasConversation(ctx.db, uid, merId));

/** `GET /api/service/info/{mer_id}`: the desk the shopper talks to, with the greeting and the unread count. */
export async function getServiceInfo(ctx: ServiceContext, input: { mer_id: unknown }): Promise<ChatServiceDto> {
  const user = requireUser(ctx);
  const desk = await readableDesk(ctx, user.uid, parseMerId(input.mer_id));
  return {
    service_id: desk.merId,
    mer_id: desk.merId,
    nickname: deskNickname(desk),
    avatar: desk.avatar,
    welcome: CHAT_TEXT.welcome,
    service_phone: desk.phone,
    unread: await unreadCount(ctx.db, user.uid, CHAT_FROM.service, desk.merId),
    merchant: { mer_id: desk.merId, mer_name: desk.name, mer_avatar: desk.avatar },
  };
}

/**
 * `GET /api/service/unread` (ours): how many of the shopper's desk messages are unread, all desks together (the
 * header's 消息 count, which an open page asks for again now and then). Reading it marks nothing read.
 */
export async function countUnread(ctx: ServiceContext): Promise<{ unread_total: number }> {
  const user = requireUser(ctx);
  return { unread_total: await unreadCount(ctx.db, user.uid, CHAT_FROM.service) };
}

/**
 * `GET /api/service/history/{mer_id}?page&limit`: the conversation, newest page first; the desk's messages become
 * read, and `unread_total` says how many of the shopper's desk messages are still unread (the header's 消息 count).
 */
export async function listChatHistory(
  ctx: ServiceContext,
  input: { mer_id: unknown; page?: unknown; limit?: unknown },
): Promise<ChatHistoryDto> {
  const user = requireUser(ctx);
  const merId = parseMerId(input.mer_id);
  const paging = parseInput(chatHistoryQuery, { page: input.page, limit: input.limit });
  const desk = await readableDesk(ctx, user.uid, merId);
  const history = await readConversation(ctx.db, user.uid, desk, user, 'shopper', paging);
  return { ...history, unread_total: await unreadCount(ctx.db, user.uid, CHAT_FROM.service) };
}

/**
 * `GET /api/service/lst?page&limit`: the shopper's conversations, the latest first, each with its desk, its last
 * message and the desk's messages not read yet (the account page's 客服消息). Reading it marks nothing read.
 */
export async function listShopperConversations(
  ctx: ServiceContext,
  input: { page?: unknown; limit?: unknown },
): Promise<Page<ChatShopperConversationDto>> {
  const user = requireUser(ctx);
  const paging = parseInput(chatHistoryQuery, input);
  const { count, list } = await conversationPage(ctx.db, { shopper: user.uid }, paging);
  const desks = new Map<number, Desk>((await Promise.all(list.map((c) => deskOf(ctx, c.party)))).map((d) => [d.merId, d]));
  const me = { nickname: user.nickname, avatar: user.avatar };
  const signed = (merId: number) => {
    const desk = desks.get(merId);
    return { nickname: desk ? deskNickname(desk) : '', avatar: desk?.avatar ?? '' };
  };
  const lasts = await toChatMessages(
    ctx.db,
    list.map((c) => c.last),
    { user: () => me, service: signed },
  );
  return {
    count,
    list: list.map((c, i) => ({ service_id: c.party, mer_id: c.party, ...signed(c.party), unread: c.unread, last: lasts[i]! })),
  };
}

/** `POST /api/service/send/{mer_id}` `{msn_type, msn}`: the shopper writes to an open desk; returns the message. */
export async function sendChatMessage(ctx: ServiceContext, input: { mer_id: unknown; body: unknown }): Promise<ChatMessageDto> {
  const user = requireUser(ctx);
  const desk = await requireDesk(ctx, parseMerId(input.mer_id));
  const row = await writeMessage(ctx.db, { uid: user.uid, merId: desk.merId, sendType: CHAT_FROM.shopper }, input.body, ctx.origins);
  const [dto] = await toChatMessages(ctx.db, [row], partiesOf(user, desk));
  return dto!;
}

/** `POST /api/service/recall/{service_log_id}`: the shopper takes back their own message within two minutes. */
export async function recallChatMessage(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('消息ID') }), { id: input.id });
  await recallMessage(ctx.db, { by: 'shopper', uid: user.uid }, id);
}
