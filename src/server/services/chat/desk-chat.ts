import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { chatMessage, storeOrder, users } from '../../db/schema/index.ts';
import { CHAT_FROM, CHAT_TEXT, type ChatConversationDto, type ChatHistoryDto, type ChatMessageDto } from '../../../shared/chat.ts';
import { chatHistoryQuery } from '../../../shared/schemas/chat.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { Page } from '../input.ts';
import { notFound, parseInput } from '../input.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../context.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { toChatMessages } from './chat-dto.ts';
import { conversationPage, partiesOf, readConversation, shopperOf } from './conversation.ts';
import { type Desk, deskNickname, deskOf, deskState } from './desk.ts';
import { ServiceError } from '../errors.ts';
import { recallMessage, writeMessage } from './write-message.ts';

/**
 * A desk's side of customer-service chat: a shop's through the merchant API (`Authorization: Bearer <merchant
 * token>`, `merchantDesk`), the mall's own (`mer_id` 0) through the operator API (`mallDesk`). The conversations, one
 * conversation, a reply, a recall; every query is scoped to the desk.
 */
export interface DeskContext {
  db: Db;
  merId: number;
}

/** The desk of the merchant token's shop. */
export const merchantDesk = (ctx: MerchantContext): DeskContext => ({ db: ctx.db, merId: requireMerchant(ctx).merId });
/** The mall's own desk (the operator answers it). */
export const mallDesk = (ctx: Pick<ServiceContext, 'db'>): DeskContext => ({ db: ctx.db, merId: 0 });

/** The desk as it signs its replies. */
const ownDesk = (ctx: DeskContext) => deskOf(ctx, ctx.merId);

const uidInput = (uid: unknown) => parseInput(z.object({ uid: idField('用户ID') }), { uid }).uid;

/**
 * The shopper a desk may talk to, or 404 (用户不存在): one who wrote to it, or who paid an order of the shop (any shop, for
 * the mall's desk; an unpaid order is not one the shop sees), so a shop can write first about an order (a delay, a
 * question about the address). Others are unknown here: a desk cannot write to every shopper of the mall.
 */
async function conversationShopper(ctx: DeskContext, desk: Desk, uid: number) {
  const [[started], [ordered]] = await Promise.all([
    ctx.db
      .select({ id: chatMessage.serviceLogId })
      .from(chatMessage)
      .where(and(eq(chatMessage.merId, desk.merId), eq(chatMessage.uid, uid), eq(chatMessage.sendType, CHAT_FROM.shopper)))
      .limit(1),
    ctx.db
      .select({ id: storeOrder.orderId })
      .from(storeOrder)
      .where(and(eq(storeOrder.uid, uid), eq(storeOrder.paid, true), desk.merId === 0 ? undefined : eq(storeOrder.merId, desk.merId)))
      .limit(1),
  ]);
  const shopper = started || ordered ? await shopperOf(ctx.db, uid) : null;
  if (!shopper) throw notFound(CHAT_TEXT.noShopper);
  return shopper;
}

/** `GET /api/merchant/service/lst?page&limit`: the shop's conversations, latest first, with the shopper's unread messages counted. */
export async function listDeskConversations(
  ctx: DeskContext,
  input: { page?: unknown; limit?: unknown },
): Promise<Page<ChatConversationDto>> {
  const desk = await ownDesk(ctx);
  const paging = parseInput(chatHistoryQuery, input);
  const { count, list } = await conversationPage(ctx.db, { desk: desk.merId }, paging);
  if (!list.length) return { count, list: [] };
  const people = await ctx.db
    .select({ uid: users.uid, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(
      inArray(
        users.uid,
        list.map((c) => c.party),
      ),
    );
  const byUid = new Map(people.map((p) => [p.uid, { nickname: p.nickname, avatar: p.avatar }]));
  const nobody = { nickname: '', avatar: '' };
  const service = { nickname: deskNickname(desk), avatar: desk.avatar };
  const lasts = await toChatMessages(
    ctx.db,
    list.map((c) => c.last),
    { user: (uid) => byUid.get(uid) ?? nobody, service: () => service },
  );
  return {
    count,
    list: list.map((c, i) => ({ uid: c.party, ...(byUid.get(c.party) ?? nobody), unread: c.unread, last: lasts[i]! })),
  };
}

/** `GET /api/merchant/service/history/{uid}?page&limit`: one conversation, newest page first; the shopper's messages become read. */
export async function listDeskHistory(ctx: DeskContext, input: { uid: unknown; page?: unknown; limit?: unknown }): Promise<ChatHistoryDto> {
  const desk = await ownDesk(ctx);
  const uid = uidInput(input.uid);
  const paging = parseInput(chatHistoryQuery, { page: input.page, limit: input.limit });
  const shopper = await conversationShopper(ctx, desk, uid);
  return readConversation(ctx.db, uid, desk, shopper, 'desk', paging);
}

/**
 * `POST /api/merchant/service/send/{uid}` `{msn_type, msn}`: the desk answers a shopper who wrote to it (text, emoji,
 * its products; the mall's desk any product). Only while it takes chats: a shopper cannot answer a desk that does not.
 */
export async function sendDeskMessage(ctx: DeskContext, input: { uid: unknown; body: unknown }): Promise<ChatMessageDto> {
  const { desk, open } = await deskState(ctx, ctx.merId);
  if (!open) throw new ServiceError('refused', CHAT_TEXT.deskOff);
  const uid = uidInput(input.uid);
  const shopper = await conversationShopper(ctx, desk, uid);
  const row = await writeMessage(ctx.db, { uid, merId: desk.merId, sendType: CHAT_FROM.service }, input.body);
  const [dto] = await toChatMessages(ctx.db, [row], partiesOf(shopper, desk));
  return dto!;
}

/** `POST /api/merchant/service/recall/{service_log_id}`: the shop takes back its own reply within two minutes. */
export async function recallDeskMessage(ctx: DeskContext, input: { id: unknown }): Promise<void> {
  const { id } = parseInput(z.object({ id: idField('消息ID') }), { id: input.id });
  await recallMessage(ctx.db, { by: 'desk', merId: ctx.merId }, id);
}
