import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { chatMessage, product, refundOrder, storeOrder } from '../../db/schema/index.ts';
import { afterCommit, rootOf, transaction } from '../../db/transaction.ts';
import { count, hit, lockKey } from '../../auth/rate-limit.ts';
import {
  CHAT_EMOJI,
  CHAT_FROM,
  CHAT_KIND,
  CHAT_RECALL_SECONDS,
  CHAT_SENDS_PER_MINUTE,
  CHAT_TEXT,
  CHAT_TEXT_MAX,
} from '../../../shared/chat.ts';
import { chatSendBody } from '../../../shared/schemas/chat.ts';
import { isUnstorable, parseInput } from '../input.ts';
import { ServiceError } from '../errors.ts';
import { ownUploadPaths } from '../media/own-uploads.ts';
import type { ChatRow } from './chat-dto.ts';
import { signalChat } from './hub.ts';
import { unreadChanged } from './conversation.ts';

const refuse = (message: string) => new ServiceError('refused', message);

/** Who writes: the shopper `uid` to desk `merId`, or the desk to the shopper. */
export interface ChatAuthor {
  uid: number;
  merId: number;
  sendType: (typeof CHAT_FROM)[keyof typeof CHAT_FROM];
}

/** A whole positive id written as text (a card's subject). */
function cardId(msn: string, message: string): number {
  const n = /^\d{1,10}$/.test(msn.trim()) ? Number(msn.trim()) : 0;
  if (!(n > 0 && n <= 2147483647)) throw refuse(message);
  return n;
}

/**
 * What `msn` must be for its kind, normalised (`msn` trimmed; a card's id as digits). The shopper may send any kind;
 * a desk sends text, emoji and its own products (it has no uploads, orders or refunds of its own to show).
 * Cards must be the conversation's: a product on sale (of this shop, for a shop's desk), the shopper's own order or
 * refund at this shop (any shop, for the mall's desk).
 */
async function checkedMsn(db: Db, author: ChatAuthor, kind: number, raw: string, origins?: ReadonlySet<string>): Promise<string> {
  if (isUnstorable(raw)) throw refuse(CHAT_TEXT.empty);
  const msn = raw.trim();
  const byShopper = author.sendType === CHAT_FROM.shopper;
  /** The shop's own rows for a shop's desk; any shop's for the mall's. */
  const ofDesk = (column: AnyPgColumn) => (author.merId === 0 ? undefined : eq(column, author.merId));
  switch (kind) {
    case CHAT_KIND.text:
      if (!msn) throw refuse(CHAT_TEXT.empty);
      if ([...msn].length > CHAT_TEXT_MAX) throw refuse(CHAT_TEXT.tooLong);
      return msn;
    case CHAT_KIND.emoji:
      if (!(CHAT_EMOJI as readonly string[]).includes(msn)) throw refuse(CHAT_TEXT.badEmoji);
      return msn;
    case CHAT_KIND.image: {
      // The shopper's own upload, kept as its path (also when sent as an absolute URL on one of our origins).
      const [path] = (byShopper && (await ownUploadPaths({ db, origins }, author.uid, [msn]))) || [];
      if (!path) throw refuse(CHAT_TEXT.badImage);
      return path;
    }
    case CHAT_KIND.product: {
      const id = cardId(msn, CHAT_TEXT.noProduct);
      const [p] = await db
        .select({ id: product.productId })
        .from(product)
        .where(and(eq(product.productId, id), eq(product.status, 1), ofDesk(product.merId)));
      if (!p) throw refuse(CHAT_TEXT.noProduct);
      return String(id);
    }
    case CHAT_KIND.order: {
      const id = cardId(msn, CHAT_TEXT.noOrder);
      const [o] = byShopper
        ? await db
            .select({ id: storeOrder.orderId })
            .from(storeOrder)
            .where(and(eq(storeOrder.orderId, id), eq(storeOrder.uid, author.uid), eq(storeOrder.isDel, false), ofDesk(storeOrder.merId)))
        : [];
      if (!o) throw refuse(CHAT_TEXT.noOrder);
      return String(id);
    }
    case CHAT_KIND.refund: {
      const id = cardId(msn, CHAT_TEXT.noRefund);
      const [r] = byShopper
        ? await db
            .select({ id: refundOrder.refundOrderId })
            .from(refundOrder)
            .where(
              and(
                eq(refundOrder.refundOrderId, id),
                eq(refundOrder.uid, author.uid),
                eq(refundOrder.isDel, false),
                ofDesk(refundOrder.merId),
              ),
            )
        : [];
      if (!r) throw refuse(CHAT_TEXT.noRefund);
      return String(id);
    }
    default:
      throw refuse(CHAT_TEXT.badKind);
  }
}

const sendBucket = (author: ChatAuthor) =>
  author.sendType === CHAT_FROM.shopper ? `chat:send:u${author.uid}` : `chat:send:m${author.merId}:u${author.uid}`;

/**
 * Writes one message: the body checked (`{msn_type, msn}`, see `checkedMsn`), then, in one transaction, the sender's
 * rate limit (30 a minute per shopper or desk, counted across processes) and the row. The conversation's open
 * streams are woken after the commit. Returns the row. `origins`: the request's own (`ServiceContext.origins`).
 */
export async function writeMessage(db: Db, author: ChatAuthor, body: unknown, origins?: ReadonlySet<string>): Promise<ChatRow> {
  const input = parseInput(chatSendBody, body);
  const msn = await checkedMsn(db, author, input.msn_type, input.msn, origins);
  const bucket = sendBucket(author);
  const row = await transaction(db, async (tx) => {
    const at = new Date();
    await lockKey(tx, bucket);
    if ((await count(tx, bucket, 60, at)) >= CHAT_SENDS_PER_MINUTE) throw new ServiceError('rate_limited', CHAT_TEXT.tooMany);
    await hit(tx, bucket, at);
    const [written] = await tx
      .insert(chatMessage)
      .values({ uid: author.uid, merId: author.merId, sendType: author.sendType, msnType: input.msn_type, msn })
      .returning();
    afterCommit(tx, () => signalChat(rootOf(tx), { uid: author.uid, merId: author.merId }));
    if (author.sendType === CHAT_FROM.service) unreadChanged(tx, author.uid);
    return written!;
  });
  return row;
}

/** Whose message may be taken back: the shopper's own (any desk), or a desk's own (any shopper). */
export type ChatSide = { by: 'shopper'; uid: number } | { by: 'desk'; merId: number };

/**
 * Takes back message `id` written by `side` within `CHAT_RECALL_SECONDS`, by one conditional update: a second recall,
 * or one racing the deadline, changes nothing and is refused. The text and card are gone from then on, and the
 * conversation's open streams are told. Another conversation's message is unknown (404).
 */
export async function recallMessage(db: Db, side: ChatSide, id: number): Promise<void> {
  const scope = side.by === 'shopper' ? eq(chatMessage.uid, side.uid) : eq(chatMessage.merId, side.merId);
  const [row] = await db
    .select()
    .from(chatMessage)
    .where(and(eq(chatMessage.serviceLogId, id), scope));
  if (!row) throw new ServiceError('not_found', CHAT_TEXT.noMessage);
  const own = side.by === 'shopper' ? CHAT_FROM.shopper : CHAT_FROM.service;
  if (row.sendType !== own) throw refuse(CHAT_TEXT.notYours);
  if (row.msnType === CHAT_KIND.recalled) throw refuse(CHAT_TEXT.recalled);
  const [done] = await db
    .update(chatMessage)
    .set({ msnType: CHAT_KIND.recalled, msn: '' })
    .where(
      and(
        eq(chatMessage.serviceLogId, id),
        ne(chatMessage.msnType, CHAT_KIND.recalled),
        sql`${chatMessage.createdAt} > now() - make_interval(secs => ${CHAT_RECALL_SECONDS})`,
      ),
    )
    .returning({ id: chatMessage.serviceLogId });
  if (!done) {
    // Too late, or taken back meanwhile by a recall racing this one.
    const [now] = await db.select({ kind: chatMessage.msnType }).from(chatMessage).where(eq(chatMessage.serviceLogId, id));
    throw refuse(now?.kind === CHAT_KIND.recalled ? CHAT_TEXT.recalled : CHAT_TEXT.recallLate);
  }
  signalChat(rootOf(db), { uid: row.uid, merId: row.merId, recalled: id });
  // A desk's message the shopper had not read no longer counts as unread.
  if (side.by === 'desk' && !row.readAt) unreadChanged(db, row.uid);
}
