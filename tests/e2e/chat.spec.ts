// Customer-service chat, the shopper's side in the browser: a visitor is asked to sign in; a shopper opens the chat of
// a shop that answers by chat from a product page, sees the welcome, sends text (Enter; Shift+Enter a new line), an
// emoji from the picker and the product card, each shown once although the event stream echoes them; the shop's
// answer (through the merchant API with its demo token) arrives live, a message taken back shows as such on both
// sides, and the conversation is there again when the chat is reopened. From an order's page the order goes as a card
// and a picture as an image; the footer opens the mall's own desk. Each test has its own fresh shopper.
import type { APIRequestContext, Locator } from '@playwright/test';
import { test, expect, booted } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { bearer, paidOrder } from './orders.ts';
import { photo } from '../helpers/images.ts';
import { CHAT_TEXT } from '../../src/shared/chat.ts';

const desk = (merId: number) => bearer(`mf_demo_mer_${merId}_mallfront`);
/** Demo shops that answer by chat (services_type 0), and one that answers by phone only. */
const CHAT_SHOP = 2;
const OTHER_CHAT_SHOP = 3;
const PHONE_SHOP = 1;

/** A normal product of shop `merId`, after checking how the shop answers. */
async function productOf(api: APIRequestContext, merId: number, servicesType: number): Promise<number> {
  expect((await okBody(await api.get(`/api/store/merchant/detail/${merId}`))).data.services_type).toBe(servicesType);
  const { data } = await okBody(await api.get(`/api/product/spu/merchant/${merId}?limit=30`));
  return (data.list as { product_id: number; product_type: number }[]).find((p) => p.product_type === 0)!.product_id;
}

const uidOf = async (api: APIRequestContext, token: string): Promise<number> =>
  (await okBody(await api.get('/api/user', { headers: bearer(token) }))).data.uid;

/** Opens the chat from its trigger; resolves with the dialog once its history is read and its stream is connected. */
async function openChat(trigger: Locator): Promise<Locator> {
  await trigger.click();
  const chat = trigger.page().getByRole('dialog', { name: /在线客服/ });
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAttribute('data-ready', '');
  await expect(chat).toHaveAttribute('data-live', 'open');
  return chat;
}

test.describe('customer-service chat', () => {
  test('a visitor who asks a chat shop for service gets the login dialog; a phone-only shop shows its phone', async ({ page, request }) => {
    const phoneOnly = await productOf(request, PHONE_SHOP, 1);
    await page.goto(`/goods_detail/${phoneOnly}`);
    await expect(page.locator('[data-contact-service]')).toHaveCount(1);
    await expect(page.locator(`[data-chat-trigger="${PHONE_SHOP}"]`)).toHaveCount(0);

    await page.goto(`/goods_detail/${await productOf(request, CHAT_SHOP, 0)}`);
    await booted(page);
    await expect(page.locator('[data-contact-service]')).toHaveCount(0);
    await page.getByRole('button', { name: '联系客服' }).click();
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
    await expect(page.locator('dialog.chat')).toHaveCount(0);

    // The shop header offers the chat only where the shop chats.
    await page.goto(`/store?id=${PHONE_SHOP}`);
    await expect(page.locator('.merchant-head')).toContainText('客服电话');
    await expect(page.locator(`.merchant-head [data-chat-trigger="${PHONE_SHOP}"]`)).toHaveCount(0);
    await page.goto(`/store?id=${CHAT_SHOP}`);
    await expect(page.locator('.merchant-head').getByRole('button', { name: '联系客服' })).toHaveAttribute(
      'data-chat-trigger',
      String(CHAT_SHOP),
    );
  });

  test('a shopper sends text, an emoji and the product; the shop answers live; a recall shows; reopening shows it all', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const token = await freshShopper(request, context, baseURL);
    const uid = await uidOf(request, token);
    const productId = await productOf(request, CHAT_SHOP, 0);
    await page.goto(`/goods_detail/${productId}`);
    const trigger = page.getByRole('button', { name: '联系客服' });
    let chat = await openChat(trigger);
    let log = chat.getByRole('log');
    await expect(log.locator('[data-chat-welcome]')).toContainText(CHAT_TEXT.welcome);
    const mine = log.locator('.chat-msg--mine');
    await expect(mine).toHaveCount(0);

    // Text: Shift+Enter is a new line, Enter sends; the box empties once it is sent.
    const box = chat.getByRole('textbox', { name: '输入消息' });
    await expect(box).toBeFocused();
    await box.pressSequentially('你好，这款有货吗？');
    await box.press('Shift+Enter');
    await box.pressSequentially('明天能发货吗？');
    await expect(chat.locator('.chat-compose__count')).toHaveText('17/500');
    await box.press('Enter');
    const text = mine.and(log.locator('[data-kind="1"]'));
    await expect(text.locator('.chat-msg__text')).toHaveText('你好，这款有货吗？\n明天能发货吗？');
    await expect(box).toHaveValue('');

    // An empty box sends nothing and says why.
    await box.press('Enter');
    await expect(chat.getByRole('alert')).toHaveText(CHAT_TEXT.empty);

    // An emoji from the picker goes into the box at the cursor; alone, it is sent as an emoji message.
    await chat.getByRole('button', { name: '表情' }).click();
    await chat.getByRole('group', { name: '选择表情' }).getByRole('button', { name: '👍' }).click();
    await expect(chat.getByRole('group', { name: '选择表情' })).toHaveCount(0);
    await expect(box).toHaveValue('👍');
    await chat.getByRole('button', { name: '发送', exact: true }).click();
    await expect(log.locator('[data-kind="2"] .chat-msg__emoji')).toHaveText('👍');

    // The product the shopper came from, as a card linking to its page; offered once.
    await chat.getByRole('region', { name: '您正在咨询的商品' }).getByRole('button', { name: '发送商品' }).click();
    await expect(log.locator('[data-kind="4"] [data-chat-card="product"]')).toHaveAttribute('href', `/goods_detail/${productId}`);
    await expect(chat.getByRole('button', { name: '发送商品' })).toHaveCount(0);

    // The shop answers through the merchant API: it shows without a reload. The stream sends in order, so by now it
    // has echoed the shopper's three messages as well: each is still shown once.
    const reply = `您好，有货的，今天下单明天发货（${Date.now()}）`;
    const sent = (
      await okBody(await request.post(`/api/merchant/service/send/${uid}`, { headers: desk(CHAT_SHOP), data: { msn_type: 1, msn: reply } }))
    ).data;
    const answer = log.locator('.chat-msg:not(.chat-msg--mine)[data-kind="1"]');
    await expect(answer.locator('.chat-msg__text')).toHaveText(reply);
    await expect(mine).toHaveCount(3);
    await expect(log.locator('[data-chat-msg]')).toHaveCount(4);

    // The shopper takes the text back; the shop takes its answer back too (the stream tells the page).
    await text.getByRole('button', { name: '撤回这条消息' }).click();
    await expect(log.getByText('你撤回了一条消息')).toBeVisible();
    await expect(mine).toHaveCount(2);
    await okBody(await request.post(`/api/merchant/service/recall/${sent.service_log_id}`, { headers: desk(CHAT_SHOP) }));
    await expect(log.getByText('客服撤回了一条消息')).toBeVisible();
    await expect(answer).toHaveCount(0);

    // Closed and opened again: the conversation comes back from the history, each message once.
    await chat.getByRole('button', { name: '关闭' }).click();
    await expect(chat).toHaveCount(0);
    await expect(trigger).toBeFocused();
    chat = await openChat(trigger);
    log = chat.getByRole('log');
    await expect(log.locator('[data-chat-msg]')).toHaveCount(4);
    await expect(log.locator('[data-recalled]')).toHaveText(['你撤回了一条消息', '客服撤回了一条消息']);
    await expect(log.locator('[data-kind="2"] .chat-msg__emoji')).toHaveText('👍');
    await expect(log.locator('[data-kind="4"] [data-chat-card="product"]')).toHaveAttribute('href', `/goods_detail/${productId}`);
    // Each opening offers the product again (the shopper may ask about it again); Escape closes the chat.
    await expect(chat.getByRole('button', { name: '发送商品' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);
  });

  test('from an order, the shopper sends the order card and a picture; older messages load on demand', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const token = await freshShopper(request, context, baseURL);
    const uid = await uidOf(request, token);
    expect((await okBody(await request.get(`/api/store/merchant/detail/${OTHER_CHAT_SHOP}`))).data.services_type).toBe(0);
    const { orderIds } = await paidOrder(request, token, [OTHER_CHAT_SHOP]);
    const orderId = orderIds[0]!;
    // An earlier conversation: the shopper's question (a desk answers only shoppers who wrote to it) and 21 answers,
    // two more messages than the first page holds.
    await okBody(
      await request.post(`/api/service/send/${OTHER_CHAT_SHOP}`, { headers: bearer(token), data: { msn_type: 1, msn: '在吗' } }),
    );
    for (let i = 1; i <= 21; i++) {
      await okBody(
        await request.post(`/api/merchant/service/send/${uid}`, { headers: desk(OTHER_CHAT_SHOP), data: { msn_type: 1, msn: `第${i}条` } }),
      );
    }

    await page.goto(`/order_detail?orderId=${orderId}`);
    const chat = await openChat(page.getByRole('button', { name: '联系客服' }));
    const log = chat.getByRole('log');
    await expect(log.locator('[data-chat-msg]')).toHaveCount(20);
    await expect(log.locator('[data-chat-msg]').first()).toContainText('第2条');
    await log.getByRole('button', { name: '查看更多消息' }).click();
    await expect(log.locator('[data-chat-msg]')).toHaveCount(22);
    await expect(log.locator('[data-chat-msg]').first()).toContainText('在吗');
    await expect(log.locator('[data-chat-msg]').nth(1)).toContainText('第1条');
    await expect(log.getByRole('button', { name: '查看更多消息' })).toHaveCount(0);

    await chat.getByRole('button', { name: '发送订单' }).click();
    const card = log.locator('[data-kind="5"] [data-chat-card="order"]');
    await expect(card).toHaveAttribute('href', `/order_detail?orderId=${orderId}`);
    const sn = (await okBody(await request.get(`/api/order/detail/${orderId}`, { headers: bearer(token) }))).data.order_sn;
    await expect(card).toContainText(sn);

    await chat.getByLabel('发送图片').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: await photo('png') });
    const image = log.locator('[data-kind="3"] a.chat-msg__image');
    await expect(image).toHaveAttribute('href', /^\/media\/[a-z0-9-]+\.webp$/);
    await expect(image).toHaveAttribute('target', '_blank');
    await expect(log.locator('.chat-msg--mine')).toHaveCount(3);
  });

  test("a desk's replies show as 消息 in the top bar of shared and personal pages; reading them on the account page clears the counts", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const token = await freshShopper(request, context, baseURL);
    const uid = await uidOf(request, token);
    const auth = bearer(token);
    await okBody(await request.post(`/api/service/send/${CHAT_SHOP}`, { headers: auth, data: { msn_type: 1, msn: '请问什么时候发货' } }));
    await okBody(await request.post(`/api/service/send/${OTHER_CHAT_SHOP}`, { headers: auth, data: { msn_type: 1, msn: '有优惠吗' } }));
    // Nothing unread yet: 消息 is there, with no count.
    await page.goto('/');
    const link = page.locator('.topbar').getByRole('link', { name: '客服消息' });
    await expect(link).toBeVisible();
    await expect(link.locator('[data-unread]')).toBeHidden();

    for (const msn of ['今天下午发货', '已为您加急'])
      await okBody(await request.post(`/api/merchant/service/send/${uid}`, { headers: desk(CHAT_SHOP), data: { msn_type: 1, msn } }));
    await okBody(
      await request.post(`/api/merchant/service/send/${uid}`, { headers: desk(OTHER_CHAT_SHOP), data: { msn_type: 2, msn: '👍' } }),
    );
    // A catalogue page (the visitors' kept page with the shopper's header put in) and a personal page both count 3.
    for (const path of ['/', '/user/order_list?type=1']) {
      const res = await page.goto(path);
      if (path === '/') expect(res!.headers()['x-page-cache']).toMatch(/HIT|MISS/);
      await expect(page.locator('.topbar').getByRole('link', { name: '客服消息，3条未读' }).locator('[data-unread]')).toHaveText('3');
      const state = JSON.parse((await page.locator('#mall-state').textContent())!);
      expect(state.unreadNum).toBe(3);
    }
    // A visitor's page has no 消息.
    const visitor = await (await fetch(new URL('/', baseURL))).text();
    expect(visitor).not.toContain('data-unread');

    // 消息 leads to the account page's conversations, the latest first, each with its unread count and last message.
    await page
      .locator('.topbar')
      .getByRole('link', { name: /客服消息/ })
      .click();
    await expect(page).toHaveURL(/\/user\?type=0#messages$/);
    const chats = page.getByRole('region', { name: '客服消息' });
    const rows = chats.locator('[data-conversation]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-conversation', String(OTHER_CHAT_SHOP));
    await expect(rows.nth(0).locator('[data-unread-desk]')).toHaveText('1');
    await expect(rows.nth(0)).toContainText('👍');
    const ours = rows.nth(1);
    await expect(ours.locator('[data-unread-desk]')).toHaveText('2');
    await expect(ours).toContainText('已为您加急');

    // Opening one conversation reads its messages: its badge goes and the top bar counts the other desk's only.
    const chat = await openChat(ours.getByRole('button', { name: '查看消息' }));
    await expect(chat.getByRole('log')).toContainText('已为您加急');
    await expect(ours.locator('[data-unread-desk]')).toBeHidden();
    await expect(page.locator('.topbar [data-unread]')).toHaveText('1');
    await chat.getByRole('button', { name: '关闭' }).click();
    await page.goto('/');
    await expect(page.locator('.topbar [data-unread]')).toHaveText('1');
    await page.goto('/user?type=0');
    await expect(page.locator('[data-conversation] [data-unread-desk]:visible')).toHaveCount(1);
  });

  test("a page left open counts a desk's reply in 消息 within a minute, without a reload", async ({ page, context, request, baseURL }) => {
    const token = await freshShopper(request, context, baseURL);
    const uid = await uidOf(request, token);
    await okBody(await request.post(`/api/service/send/${CHAT_SHOP}`, { headers: bearer(token), data: { msn_type: 1, msn: '在吗' } }));
    await page.clock.install();
    // A page without a countdown: the flash-sale page reloads itself when a session ends, which a minute's fast-forward
    // reaches when the test runs in a session's last minute.
    await page.goto('/goods_search?title=%E8%8C%B6');
    await booted(page);
    const badge = page.locator('.topbar [data-unread]');
    await expect(badge).toBeHidden();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await okBody(await request.post(`/api/merchant/service/send/${uid}`, { headers: desk(CHAT_SHOP), data: { msn_type: 1, msn: '在的' } }));
    // A minute on (the page's clock runs as the test says), the page has asked again and shows the reply's count.
    await expect(async () => {
      await page.clock.fastForward(60_000);
      await expect(badge).toHaveText('1', { timeout: 1000 });
    }).toPass();
    await expect(page.locator('.topbar').getByRole('link', { name: '客服消息，1条未读' })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('the account page lists conversations 10 a page, the latest first, with links to the older ones', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const token = await freshShopper(request, context, baseURL);
    // The mall's desk and the first ten shops that answer by chat: eleven conversations, written to in this order.
    const desks = [0];
    for (let merId = 1; desks.length < 11; merId++) {
      const shop = (await okBody(await request.get(`/api/store/merchant/detail/${merId}`))).data;
      if (shop.services_type === 0) desks.push(merId);
    }
    for (const merId of desks)
      await okBody(
        await request.post(`/api/service/send/${merId}`, { headers: bearer(token), data: { msn_type: 1, msn: `咨询${merId}` } }),
      );
    const newestFirst = desks.toReversed().map(String);

    await page.goto('/user?type=0');
    const chats = page.getByRole('region', { name: '客服消息' });
    const rows = chats.locator('[data-conversation]');
    await expect(rows).toHaveCount(10);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation')))).toEqual(newestFirst.slice(0, 10));
    const pager = chats.getByRole('navigation', { name: '分页' });
    await expect(pager).toContainText('共 2 页');
    await pager.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/user\?type=0&chats=2#messages$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-conversation', newestFirst[10]!);
    await expect(rows.first()).toContainText(`我：咨询${newestFirst[10]}`);
    await pager.getByRole('link', { name: '上一页' }).click();
    await expect(page).toHaveURL(/\/user\?type=0#messages$/);
    await expect(rows).toHaveCount(10);

    // A page number that is not one fails validation: This page could not be found (spec section 2).
    const bad = await page.goto('/user?type=0&chats=abc');
    expect(bad!.status()).toBe(404);
  });

  test("the footer's 在线客服 opens the mall's own desk", async ({ page, context, request, baseURL }) => {
    await freshShopper(request, context, baseURL);
    await page.goto('/');
    const chat = await openChat(page.getByRole('contentinfo').getByRole('button', { name: '在线客服' }));
    await expect(chat.locator('[data-chat-welcome]')).toContainText(CHAT_TEXT.welcome);
    await expect(chat).toHaveAttribute('data-chat', '0');
    const box = chat.getByRole('textbox', { name: '输入消息' });
    await box.fill('平台客服你好');
    await box.press('Enter');
    await expect(chat.locator('.chat-msg--mine .chat-msg__text')).toHaveText('平台客服你好');
  });

  test("the home page's floating toolbar offers the mall's desk beside the page", async ({ page, context, request, baseURL }) => {
    await freshShopper(request, context, baseURL);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const toolbar = page.getByRole('navigation', { name: '楼层导航' });
    await expect(toolbar).toBeVisible();
    const chat = await openChat(toolbar.getByRole('button', { name: '在线客服' }));
    await expect(chat).toHaveAttribute('data-chat', '0');
    await page.screenshot({ path: '/tmp/home-float-chat.png' });
  });
});
