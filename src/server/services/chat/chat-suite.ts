// Customer-service chat on a real database: run on PGlite (chat.test.ts) and on PostgreSQL 15 (chat.postgres.test.ts),
// where a shopper's concurrent sends really race for the rate limit. Each test makes its own shoppers and reads only
// their conversations, so tests sharing one server do not meet.
import { describe, it, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMessage, merchant, product, storeOrder } from '../../db/schema/index.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp } from '../../../../tests/helpers/checkout.ts';
import { CHAT_EVENT, CHAT_KIND, CHAT_SENDS_PER_MINUTE, CHAT_TEXT, type ChatMessageDto } from '../../../shared/chat.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import { payOrder } from '../payment/pay-order.ts';
import {
  getServiceInfo,
  hasService,
  listChatHistory,
  countUnread,
  listShopperConversations,
  recallChatMessage,
  sendChatMessage,
} from './shopper-chat.ts';
import { createSession } from '../session/sessions.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { shopperOf } from '../session/shopper-cache.ts';
import { loadShell } from '../site/load-shell.ts';
import { DEFAULT_LOCALE } from '../../../shared/locale.ts';
import {
  type DeskContext,
  listDeskConversations,
  listDeskHistory,
  mallDesk,
  merchantDesk,
  recallDeskMessage,
  sendDeskMessage,
} from './desk-chat.ts';
import { openChatStream } from './stream.ts';
import { uploadImage } from '../media/upload-image.ts';
import { photo } from '../../../../tests/helpers/images.ts';

type Open = () => Promise<Database>;

/** A demo shop that answers by chat (`services_type` 0), and one that answers by phone only. */
async function shops(d: Database) {
  const pick = async (type: number, except = 0) =>
    (
      await d.db
        .select({ id: merchant.merId })
        .from(merchant)
        .where(and(eq(merchant.servicesType, type), eq(merchant.status, true), sql`${merchant.merId} <> ${except}`))
        .orderBy(merchant.merId)
        .limit(1)
    )[0]!.id;
  const chat = await pick(0);
  return { chat, other: await pick(0, chat), phone: await pick(1) };
}

/** The desk of shop `merId`, signed in with its demo merchant token as the merchant API does it. */
async function asMerchant(d: Database, merId: number): Promise<DeskContext> {
  const m = await authenticateMerchant({ db: d.db, user: null }, `Bearer ${demoMerchantToken(merId)}`);
  return merchantDesk({ db: d.db, merchant: m });
}

const text = (msn: string) => ({ msn_type: CHAT_KIND.text, msn });

/** Reads server-sent events off a stream's body until `done` says enough. */
async function readEvents(res: Response, done: (events: { event: string; id?: string; data: unknown }[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; id?: string; data: unknown }[] = [];
  let buffer = '';
  while (!done(events)) {
    const { value, done: end } = await reader.read();
    if (end) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => !l.startsWith(':'))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? 'null') });
      cut = buffer.indexOf('\n\n');
    }
  }
  reader.releaseLock();
  return events;
}

export function chatSuite(open: Open) {
  describe('customer-service chat', () => {
    it('tells a shopper which desks answer by chat, and refuses visitors', async () => {
      const d = await open();
      const { chat, phone } = await shops(d);
      const s = await newShopper(d);
      await expect(hasService({ db: d.db, user: null }, { mer_id: chat })).rejects.toMatchObject({ code: 'login_required' });
      expect(await hasService(s, { mer_id: chat })).toEqual({ mer_id: chat, service_id: chat });
      expect(await hasService(s, { mer_id: 0 })).toEqual({ mer_id: 0, service_id: 0 });
      for (const merId of [phone, 999999]) {
        await expect(hasService(s, { mer_id: merId })).rejects.toMatchObject({ code: 'refused', message: CHAT_TEXT.noService });
      }
      await expect(hasService(s, { mer_id: 'abc' })).rejects.toMatchObject({ code: 'invalid' });
      const info = await getServiceInfo(s, { mer_id: chat });
      expect(info).toMatchObject({ service_id: chat, mer_id: chat, welcome: CHAT_TEXT.welcome, unread: 0 });
      expect(info.nickname).toBe(`${info.merchant.mer_name}客服`);
    });

    it("counts a shopper's unread desk messages over every desk for their header, and lists their conversations", async () => {
      const d = await open();
      const { chat, other } = await shops(d);
      const s = await newShopper(d);
      const someoneElse = await newShopper(d);
      const { token } = await createSession(d.db, s.user.uid);
      const header = async () => (await shopperOf(d.db, token))?.unread;
      expect(await header()).toBe(0);
      expect(await listShopperConversations(s, {})).toEqual({ count: 0, list: [] });

      await sendChatMessage(s, { mer_id: chat, body: text('这款还有货吗') });
      await sendChatMessage(s, { mer_id: other, body: text('能开发票吗') });
      await sendChatMessage(someoneElse, { mer_id: chat, body: text('我是另一位') });
      const desk = await asMerchant(d, chat);
      const otherDesk = await asMerchant(d, other);
      // The shopper's own messages are never unread to them; the header kept for shared pages is read again after each
      // desk message (and not served stale from memory).
      expect(await header()).toBe(0);
      await sendDeskMessage(desk, { uid: s.user.uid, body: text('有货的') });
      expect(await header()).toBe(1);
      await sendDeskMessage(desk, { uid: s.user.uid, body: { msn_type: CHAT_KIND.emoji, msn: '👍' } });
      await sendDeskMessage(otherDesk, { uid: s.user.uid, body: text('可以开') });
      await sendDeskMessage(desk, { uid: someoneElse.user.uid, body: text('给另一位') });
      expect(await header()).toBe(3);
      expect((await loadShell(s, DEFAULT_LOCALE)).unread).toBe(3);
      // What an open page asks for again (`/api/service/unread`): the same count, reading nothing.
      expect(await countUnread(s)).toEqual({ unread_total: 3 });
      expect(await countUnread(s)).toEqual({ unread_total: 3 });
      await expect(countUnread({ db: d.db, user: null })).rejects.toMatchObject({ code: 'login_required' });

      // Latest first; each with its desk, its last message and the desk's unread messages; another shopper's not here.
      const list = await listShopperConversations(s, { page: 1, limit: 10 });
      expect(list.count).toBe(2);
      expect(list.list.map((c) => [c.mer_id, c.unread, c.last.msn])).toEqual([
        [other, 1, '可以开'],
        [chat, 2, '👍'],
      ]);
      expect(list.list[1]).toMatchObject({ service_id: chat, nickname: expect.stringMatching(/客服$/), last: { send_type: 1 } });
      expect(list.list[1]!.last.user).toEqual({ nickname: s.user.nickname, avatar: s.user.avatar });
      expect((await listShopperConversations(s, { page: 2, limit: 1 })).list.map((c) => c.mer_id)).toEqual([chat]);
      await expect(listShopperConversations(s, { limit: 0 })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listShopperConversations({ db: d.db, user: null }, {})).rejects.toMatchObject({ code: 'login_required' });

      // Reading one desk's history reads its messages only, and says how many are left over all desks.
      const read = await listChatHistory(s, { mer_id: chat });
      expect(read.unread_total).toBe(1);
      expect(await header()).toBe(1);
      expect((await listShopperConversations(s, {})).list.map((c) => c.unread)).toEqual([1, 0]);
      // A desk's unread message taken back no longer counts.
      const late = await sendDeskMessage(otherDesk, { uid: s.user.uid, body: text('发错了') });
      expect(await header()).toBe(2);
      await recallDeskMessage(otherDesk, { id: late.service_log_id });
      expect(await header()).toBe(1);
      expect((await listChatHistory(s, { mer_id: other })).unread_total).toBe(0);
      expect(await header()).toBe(0);
      // The other shopper's count was never touched.
      expect((await loadShell(someoneElse, DEFAULT_LOCALE)).unread).toBe(1);
    });

    it('carries a conversation both ways, with unread counts and read marks', async () => {
      const d = await open();
      const { chat } = await shops(d);
      const s = await newShopper(d);
      const desk = await asMerchant(d, chat);
      await expect(sendDeskMessage(desk, { uid: s.user.uid, body: text('有人吗') })).rejects.toMatchObject({ code: 'not_found' });

      const mine = await sendChatMessage(s, { mer_id: chat, body: text('  请问这款有现货吗？\n今天能发吗  ') });
      expect(mine).toMatchObject({ mer_id: chat, uid: s.user.uid, send_type: 0, msn_type: 1, msn: '请问这款有现货吗？\n今天能发吗' });
      expect(mine.user.nickname).toBe(s.user.nickname);
      await sendChatMessage(s, { mer_id: chat, body: { msn_type: '2', msn: '🙏' } });

      const conversations = await listDeskConversations(desk, { limit: 50 });
      const ours = conversations.list.find((c) => c.uid === s.user.uid);
      expect(ours).toMatchObject({ nickname: s.user.nickname, unread: 2, last: { msn_type: 2, msn: '🙏' } });

      const seen = await listDeskHistory(desk, { uid: s.user.uid });
      expect(seen.list.map((m) => m.msn)).toEqual(['请问这款有现货吗？\n今天能发吗', '🙏']);
      expect((await listDeskConversations(desk, { limit: 50 })).list.find((c) => c.uid === s.user.uid)?.unread).toBe(0);

      const reply = await sendDeskMessage(desk, { uid: s.user.uid, body: text('有现货，今天下午发出') });
      expect(reply).toMatchObject({ send_type: 1, msn: '有现货，今天下午发出' });
      expect(reply.service.nickname).toMatch(/客服$/);
      expect((await getServiceInfo(s, { mer_id: chat })).unread).toBe(1);
      const history = await listChatHistory(s, { mer_id: chat });
      expect(history.count).toBe(3);
      expect(history.list.map((m) => m.send_type)).toEqual([0, 0, 1]);
      expect((await getServiceInfo(s, { mer_id: chat })).unread).toBe(0);

      // Paging: page 1 the newest, each page oldest first.
      expect((await listChatHistory(s, { mer_id: chat, page: 1, limit: 2 })).list.map((m) => m.msn)).toEqual([
        '🙏',
        '有现货，今天下午发出',
      ]);
      expect((await listChatHistory(s, { mer_id: chat, page: 2, limit: 2 })).list.map((m) => m.msn)).toEqual([
        '请问这款有现货吗？\n今天能发吗',
      ]);
    });

    it("carries the mall's own desk (mer_id 0), answered by the operator", async () => {
      const d = await open();
      const s = await newShopper(d);
      const mall = mallDesk(d);
      const sku = await pickSku(d);
      await sendChatMessage(s, { mer_id: 0, body: { msn_type: 4, msn: String(sku.productId) } });
      await sendChatMessage(s, { mer_id: 0, body: text('这家店不回复我') });
      const ours = (await listDeskConversations(mall, { limit: 50 })).list.find((c) => c.uid === s.user.uid);
      expect(ours).toMatchObject({ unread: 2, last: { mer_id: 0, msn: '这家店不回复我' } });
      await sendDeskMessage(mall, { uid: s.user.uid, body: text('平台客服已收到，马上为您联系商家') });
      const history = await listChatHistory(s, { mer_id: 0 });
      expect(history.list.map((m) => m.send_type)).toEqual([0, 0, 1]);
      expect(history.list[0]!.product?.product_id).toBe(sku.productId);
      // The mall desk signs with the square mark, not the wide site logo.
      expect((await getServiceInfo(s, { mer_id: 0 })).avatar).toBe('/favicon.svg');
      // The shop's desk never sees the mall's conversation.
      await expect(listDeskHistory(await asMerchant(d, sku.merId), { uid: s.user.uid })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('keeps each conversation to its shopper and its desk', async () => {
      const d = await open();
      const { chat, other } = await shops(d);
      const [a, b] = [await newShopper(d), await newShopper(d)];
      const sent = await sendChatMessage(a, { mer_id: chat, body: text('只给这家店') });
      expect((await listChatHistory(b, { mer_id: chat })).count).toBe(0);
      expect((await listChatHistory(a, { mer_id: other })).count).toBe(0);
      const stranger = await asMerchant(d, other);
      await expect(listDeskHistory(stranger, { uid: a.user.uid })).rejects.toMatchObject({ code: 'not_found' });
      expect((await listDeskConversations(stranger, { limit: 50 })).list.some((c) => c.uid === a.user.uid)).toBe(false);
      await expect(recallChatMessage(b, { id: sent.service_log_id })).rejects.toMatchObject({ code: 'not_found' });
      await expect(recallDeskMessage(stranger, { id: sent.service_log_id })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('refuses bad messages with the reason and writes nothing', async () => {
      const d = await open();
      const { chat, other } = await shops(d);
      const s = await newShopper(d);
      const [foreign] = await d.db
        .select({ id: product.productId })
        .from(product)
        .where(and(eq(product.merId, other), eq(product.status, 1)))
        .limit(1);
      const refusals: [unknown, string][] = [
        [text('   '), CHAT_TEXT.empty],
        [text('字'.repeat(501)), CHAT_TEXT.tooLong],
        [{ msn_type: 7, msn: 'x' }, CHAT_TEXT.badKind],
        [{ msn_type: 100, msn: 'x' }, CHAT_TEXT.badKind],
        [{ msn_type: 2, msn: '🦄' }, CHAT_TEXT.badEmoji],
        [{ msn_type: 3, msn: '/media/p1-1.webp' }, CHAT_TEXT.badImage],
        [{ msn_type: 3, msn: 'https://evil.example/x.webp' }, CHAT_TEXT.badImage],
        [{ msn_type: 4, msn: String(foreign!.id) }, CHAT_TEXT.noProduct],
        [{ msn_type: 4, msn: '1 or 1=1' }, CHAT_TEXT.noProduct],
        [{ msn_type: 5, msn: '1' }, CHAT_TEXT.noOrder],
        [{ msn_type: 6, msn: '1' }, CHAT_TEXT.noRefund],
      ];
      await expect(sendChatMessage(s, { mer_id: chat, body: text('a\u0000b') })).rejects.toMatchObject({ code: 'invalid' });
      for (const [body, message] of refusals) {
        await expect(sendChatMessage(s, { mer_id: chat, body }), JSON.stringify(body)).rejects.toMatchObject({ message });
      }
      await sendChatMessage(s, { mer_id: chat, body: text('字'.repeat(500)) });
      expect((await listChatHistory(s, { mer_id: chat })).count).toBe(1);
    });

    it('takes a picture the shopper uploaded, as its path or its absolute URL on our own origin, never another origin', async () => {
      const d = await open();
      const { chat } = await shops(d);
      const s = { ...(await newShopper(d)), origins: new Set(['https://mall.example']) };
      const mine = (await uploadImage(s, { bytes: await photo('png', { width: 40, height: 40 }) })).path;
      for (const msn of [`https://evil.example${mine}`, `http://mall.example${mine}`]) {
        await expect(sendChatMessage(s, { mer_id: chat, body: { msn_type: 3, msn } }), msn).rejects.toMatchObject({
          message: CHAT_TEXT.badImage,
        });
      }
      await sendChatMessage(s, { mer_id: chat, body: { msn_type: 3, msn: mine } });
      await sendChatMessage(s, { mer_id: chat, body: { msn_type: 3, msn: `https://mall.example${mine}` } });
      const rows = await d.db.select({ msn: chatMessage.msn }).from(chatMessage).where(eq(chatMessage.msnType, 3));
      expect(rows.filter((r) => r.msn === mine)).toHaveLength(2);
      expect(rows.some((r) => r.msn.startsWith('http'))).toBe(false);
    });

    it("lets a shop write first to a shopper who ordered from it, and the mall's desk to any buyer; no one else", async () => {
      const d = await open();
      const { chat, other } = await shops(d);
      const buyer = await newShopper(d);
      const stranger = await newShopper(d);
      const desk = await asMerchant(d, chat);
      await expect(sendDeskMessage(desk, { uid: buyer.user.uid, body: text('您好') })).rejects.toMatchObject({ code: 'not_found' });
      // An order not paid yet is not one the shop sees: it cannot write about it.
      const { order } = await placeOrder(buyer, [await addLine(buyer, await pickSku(d, { merId: chat }), 1)]);
      await expect(sendDeskMessage(desk, { uid: buyer.user.uid, body: text('您好') })).rejects.toMatchObject({ code: 'not_found' });
      await topUp(d, buyer.user.uid, 10_000_000);
      await payOrder(buyer, { id: order.order_id, type: 'balance' });
      const first = await sendDeskMessage(desk, { uid: buyer.user.uid, body: text('您的订单今天发出') });
      expect(first).toMatchObject({ send_type: 1, uid: buyer.user.uid, mer_id: chat });
      expect((await listDeskHistory(desk, { uid: buyer.user.uid })).list.map((m) => m.msn)).toEqual(['您的订单今天发出']);
      // The shopper sees it unread, in their list of conversations.
      expect((await listShopperConversations(buyer, {})).list).toMatchObject([{ mer_id: chat, unread: 1 }]);
      expect((await loadShell(buyer, DEFAULT_LOCALE)).unread).toBe(1);
      // Another shop they never bought from, and any shop for a shopper who never ordered, cannot.
      await expect(sendDeskMessage(await asMerchant(d, other), { uid: buyer.user.uid, body: text('看看我们') })).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(sendDeskMessage(desk, { uid: stranger.user.uid, body: text('您好') })).rejects.toMatchObject({ code: 'not_found' });
      await expect(sendDeskMessage(mallDesk(d), { uid: stranger.user.uid, body: text('您好') })).rejects.toMatchObject({
        code: 'not_found',
      });
      expect(await sendDeskMessage(mallDesk(d), { uid: buyer.user.uid, body: text('平台提醒') })).toMatchObject({ mer_id: 0 });
    });

    it('still shows a conversation with a shop that stopped chatting, so its messages can be read, but takes no new ones', async () => {
      const d = await open();
      const { other } = await shops(d);
      const s = await newShopper(d);
      const newcomer = await newShopper(d);
      await sendChatMessage(s, { mer_id: other, body: text('还在吗') });
      await sendDeskMessage(await asMerchant(d, other), { uid: s.user.uid, body: text('下周起改为电话客服') });
      const setChat = async (type: number) => {
        await d.db.update(merchant).set({ servicesType: type }).where(eq(merchant.merId, other));
        invalidate(d.db, [tag('merchant', other)]);
      };
      await setChat(1);
      try {
        await expect(hasService(s, { mer_id: other })).rejects.toMatchObject({ message: CHAT_TEXT.noService });
        expect((await getServiceInfo(s, { mer_id: other })).unread).toBe(1);
        const read = await listChatHistory(s, { mer_id: other });
        expect(read.list.map((m) => m.msn)).toEqual(['还在吗', '下周起改为电话客服']);
        expect(read.unread_total).toBe(0);
        await expect(sendChatMessage(s, { mer_id: other, body: text('好的') })).rejects.toMatchObject({ message: CHAT_TEXT.noService });
        // Nor can the shop write into it: the shopper could not answer.
        await expect(sendDeskMessage(await asMerchant(d, other), { uid: s.user.uid, body: text('已发货') })).rejects.toMatchObject({
          message: CHAT_TEXT.deskOff,
        });
        // A shopper without a conversation there is refused as before.
        await expect(getServiceInfo(newcomer, { mer_id: other })).rejects.toMatchObject({ message: CHAT_TEXT.noService });
        await expect(listChatHistory(newcomer, { mer_id: other })).rejects.toMatchObject({ message: CHAT_TEXT.noService });
      } finally {
        await setChat(0);
      }
    });

    it('shows product and order cards as they are now', async () => {
      const d = await open();
      const { chat } = await shops(d);
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const sku = await pickSku(d, { merId: chat });
      const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
      await payOrder(s, { id: order.order_id, type: 'balance' });
      const [mine] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
      const card = await sendChatMessage(s, { mer_id: chat, body: { msn_type: 4, msn: sku.productId } });
      expect(card.product).toMatchObject({ product_id: sku.productId });
      const orderCard = await sendChatMessage(s, { mer_id: chat, body: { msn_type: 5, msn: String(mine!.orderId) } });
      expect(orderCard.orderInfo).toMatchObject({ order_id: mine!.orderId, order_sn: mine!.orderSn, total_num: 1, status: 0 });

      await d.db.update(product).set({ price: 4321 }).where(eq(product.productId, sku.productId));
      const [p, o] = (await listChatHistory(s, { mer_id: chat })).list;
      expect(p!.product?.price).toBe('43.21');
      expect(o!.orderInfo?.pay_price).toBe(orderCard.orderInfo?.pay_price);
      // Another shopper cannot show this order.
      const b = await newShopper(d);
      await expect(sendChatMessage(b, { mer_id: chat, body: { msn_type: 5, msn: String(mine!.orderId) } })).rejects.toMatchObject({
        message: CHAT_TEXT.noOrder,
      });
    });

    it('takes a message back once, only its writer, only within two minutes', async () => {
      const d = await open();
      const { chat } = await shops(d);
      const s = await newShopper(d);
      const desk = await asMerchant(d, chat);
      const m = await sendChatMessage(s, { mer_id: chat, body: text('发错了') });
      const r = await sendDeskMessage(desk, { uid: s.user.uid, body: text('收到') });
      await expect(recallChatMessage(s, { id: r.service_log_id })).rejects.toMatchObject({ message: CHAT_TEXT.notYours });
      await expect(recallDeskMessage(desk, { id: m.service_log_id })).rejects.toMatchObject({ message: CHAT_TEXT.notYours });
      await recallChatMessage(s, { id: m.service_log_id });
      await expect(recallChatMessage(s, { id: m.service_log_id })).rejects.toMatchObject({ message: CHAT_TEXT.recalled });
      const [gone] = (await listDeskHistory(desk, { uid: s.user.uid })).list;
      expect(gone).toMatchObject({ service_log_id: m.service_log_id, msn_type: CHAT_KIND.recalled, msn: '' });

      const old = await sendChatMessage(s, { mer_id: chat, body: text('三分钟前') });
      await d.db
        .update(chatMessage)
        .set({ createdAt: sql`now() - interval '3 minutes'` })
        .where(eq(chatMessage.serviceLogId, old.service_log_id));
      await expect(recallChatMessage(s, { id: old.service_log_id })).rejects.toMatchObject({ message: CHAT_TEXT.recallLate });
      await recallDeskMessage(desk, { id: r.service_log_id });

      // Recalls racing each other (two tabs): one takes it back, the others are told it is gone.
      const raced = await sendChatMessage(s, { mer_id: chat, body: text('两个窗口一起撤回') });
      const tries = await Promise.allSettled(Array.from({ length: 5 }, () => recallChatMessage(s, { id: raced.service_log_id })));
      expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
      for (const t of tries.filter((t) => t.status === 'rejected'))
        expect((t as PromiseRejectedResult).reason).toMatchObject({ message: CHAT_TEXT.recalled });
    });

    it('lets one shopper send 30 messages a minute, however fast they come', async () => {
      const d = await open();
      const { chat } = await shops(d);
      const s = await newShopper(d);
      const tries = await Promise.allSettled(
        Array.from({ length: CHAT_SENDS_PER_MINUTE + 10 }, (_, i) => sendChatMessage(s, { mer_id: chat, body: text(`第${i}条`) })),
      );
      expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(CHAT_SENDS_PER_MINUTE);
      for (const t of tries.filter((t) => t.status === 'rejected'))
        expect((t as PromiseRejectedResult).reason).toMatchObject({ message: CHAT_TEXT.tooMany });
      expect((await listChatHistory(s, { mer_id: chat, limit: 50 })).count).toBe(CHAT_SENDS_PER_MINUTE);
    });

    it('streams the replies and recalls of all the shopper’s conversations, and replays what a reconnection missed', async () => {
      const d = await open();
      const { chat } = await shops(d);
      const s = await newShopper(d);
      const desk = await asMerchant(d, chat);
      const first = await sendChatMessage(s, { mer_id: chat, body: text('在吗') });
      const abort = new AbortController();
      const res = await openChatStream(
        d.db,
        { by: 'shopper', uid: s.user.uid, nickname: s.user.nickname, avatar: s.user.avatar },
        null,
        abort.signal,
      );
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reply = sendDeskMessage(desk, { uid: s.user.uid, body: text('在的') });
      const events = await readEvents(res, (e) => e.length >= 1);
      expect(events[0]).toMatchObject({
        event: CHAT_EVENT.message,
        id: String((await reply).service_log_id),
        data: { msn: '在的', send_type: 1 },
      });
      expect((events[0]!.data as ChatMessageDto).service.nickname).toMatch(/客服$/);
      await recallDeskMessage(desk, { id: (await reply).service_log_id });
      const more = await readEvents(res, (e) => e.length >= 1);
      expect(more[0]).toMatchObject({ event: CHAT_EVENT.recall, data: { service_log_id: (await reply).service_log_id, mer_id: chat } });
      abort.abort();

      // Written while no stream was open: a stream from the last id it saw replays them, in order, once.
      const missed = [
        await sendDeskMessage(desk, { uid: s.user.uid, body: text('第一条') }),
        await sendDeskMessage(desk, { uid: s.user.uid, body: text('第二条') }),
      ];
      const again = new AbortController();
      const replay = await openChatStream(
        d.db,
        { by: 'shopper', uid: s.user.uid, nickname: '', avatar: '' },
        first.service_log_id,
        again.signal,
      );
      const replayed = await readEvents(replay, (e) => e.length >= 3);
      expect(replayed.map((e) => (e.data as ChatMessageDto).msn)).toEqual(['', '第一条', '第二条']);
      expect(replayed.map((e) => Number(e.id))).toEqual([(await reply).service_log_id, ...missed.map((m) => m.service_log_id)]);
      again.abort();

      // A stream of one conversation: another desk's messages stay out, its own are read as they are delivered.
      const { other } = await shops(d);
      await sendChatMessage(s, { mer_id: other, body: text('问另一家') });
      const one = new AbortController();
      const scoped = await openChatStream(
        d.db,
        { by: 'shopper', uid: s.user.uid, nickname: '', avatar: '', merId: chat },
        missed[1]!.service_log_id,
        one.signal,
      );
      await sendDeskMessage(await asMerchant(d, other), { uid: s.user.uid, body: text('另一家的回复') });
      const unreadBefore = (await getServiceInfo(s, { mer_id: chat })).unread;
      const live = await sendDeskMessage(desk, { uid: s.user.uid, body: text('这一家的回复') });
      const only = await readEvents(scoped, (e) => e.length >= 1);
      expect(only.map((e) => (e.data as ChatMessageDto).msn)).toEqual(['这一家的回复']);
      // Delivered to the open window: read (the earlier ones, never shown, stay unread).
      await expect.poll(async () => (await getServiceInfo(s, { mer_id: chat })).unread).toBe(unreadBefore);
      expect((await getServiceInfo(s, { mer_id: other })).unread).toBe(1);
      expect(live.service_log_id).toBe(Number(only[0]!.id));
      one.abort();

      // The desk's stream sees the shopper's messages.
      const deskAbort = new AbortController();
      const deskStream = await openChatStream(d.db, { by: 'desk', merId: chat }, null, deskAbort.signal);
      await sendChatMessage(s, { mer_id: chat, body: text('好的谢谢') });
      const toDesk = await readEvents(deskStream, (e) => e.some((x) => (x.data as ChatMessageDto).uid === s.user.uid));
      expect(toDesk.find((x) => (x.data as ChatMessageDto).uid === s.user.uid)?.data).toMatchObject({
        msn: '好的谢谢',
        user: { nickname: s.user.nickname },
      });
      deskAbort.abort();
    });
  });
}
