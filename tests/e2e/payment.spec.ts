// Paying in Chromium (reference /payment, /payment_success, /payment_failed, section 4b): the demo member pays two
// cheap items by balance; fresh shoppers pay by WeChat and Alipay QR codes that a second browser at phone width opens
// and answers on the sandbox gateway's page, while the first page polls. This is the only spec that spends the demo
// member's balance (other specs may not), and it still asserts only relative changes. Screenshots go to
// /tmp/shots-paypages/.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, booted, sessionCookies } from './fixtures.ts';
import { SESSION_COOKIE, freshShopper, okBody, refusal } from './accounts.ts';
import { addAddress, addLine, bearer, paidOrder, placeOrder, skuOf, type Sku } from './orders.ts';
import { OPERATOR_TOKEN } from './operator.ts';

const SHOTS = '/tmp/shots-paypages';
const cents = (yuan: string | number) => Math.round(Number(yuan) * 100);

/** The cheapest in-stock SKU of a normal product of merchant `merId` with no quantity rule. */
async function cheapestSku(api: APIRequestContext, merId: number): Promise<Sku> {
  const { data } = await okBody(await api.get(`/api/product/spu/merchant/${merId}?limit=30`));
  let best: Sku | null = null;
  for (const p of data.list as { product_id: number; product_type: number }[]) {
    if (p.product_type !== 0) continue;
    const detail = (await okBody(await api.get(`/api/store/product/detail/${p.product_id}`))).data;
    if (detail.once_min_count || detail.once_max_count) continue;
    for (const s of Object.values(detail.sku as Record<string, { unique: string; stock: number; price: string }>)) {
      if (s.stock > 10 && (!best || Number(s.price) < best.price))
        best = { product_id: p.product_id, unique: s.unique, price: Number(s.price) };
    }
  }
  if (!best) throw new Error(`no SKU for merchant ${merId}`);
  return best;
}

/** A fresh shopper signed in in this browser with an unpaid order of one item of merchant `merId`. */
async function shopperWithOrder(request: APIRequestContext, page: Page, baseURL: string, merId: number) {
  const token = await freshShopper(request, page.context(), baseURL);
  await addAddress(request, token);
  const order = await placeOrder(request, token, [await addLine(request, token, await skuOf(request, merId, [], 1))]);
  return { token, ...order };
}

/** Chooses a QR method on /payment and opens its dialog; returns the dialog and the URL its code encodes. */
async function openQr(page: Page, method: '微信支付' | '支付宝') {
  await page.locator('.paybox__tile', { hasText: method }).click();
  await expect(page.getByRole('radio', { name: new RegExp(method) })).toBeChecked();
  await page.getByRole('button', { name: '立即支付' }).click();
  const dialog = page.getByRole('dialog', { name: method === '微信支付' ? '微信支付' : '支付宝支付' });
  await expect(dialog.getByRole('img', { name: /二维码/ })).toBeVisible();
  const qrUrl = (await dialog.getAttribute('data-qr-url'))!;
  expect(qrUrl).toMatch(/\/sandbox_pay\?t=/);
  return { dialog, qrUrl };
}

/** A second device (a phone, 390×844, not signed in) opens the QR code's URL. */
async function phoneOpens(browser: Browser, qrUrl: string) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', hasTouch: true });
  const p = await phone.newPage();
  await p.goto(qrUrl);
  await expect(p.getByText('沙箱支付（模拟网关）')).toBeVisible();
  return { phone, page: p };
}

/** A request made now: once it is seen, every request the page made before it has been seen too. */
async function barrier(page: Page) {
  await Promise.all([page.waitForRequest('**/api/health'), page.evaluate(() => fetch('/api/health').then(() => undefined))]);
}

test.describe('payment pages', () => {
  test('the demo member pays two cheap items from two merchants by balance and lands on 支付成功', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const login = await okBody(
      await request.post('/api/auth/login', { data: { account: '8613800138000', password: 'mall123456', phone_code: '86' } }),
    );
    const token = login.data.token as string;
    await context.addCookies(sessionCookies(token, baseURL!));
    // Buy-now lines: the member's cart (whose count other specs read) stays as it is.
    const lines: number[] = [];
    for (const merId of [1, 2]) {
      const sku = await cheapestSku(request, merId);
      const res = await request.post('/api/user/cart/create', {
        headers: bearer(token),
        data: { product_id: sku.product_id, product_attr_unique: sku.unique, cart_num: 1, is_new: 1, product_type: 0 },
      });
      lines.push((await okBody(res)).data.cart_id);
    }
    const order = await placeOrder(request, token, lines);
    const detail = (await okBody(await request.get(`/api/order/group_order_detail/${order.id}`, { headers: bearer(token) }))).data;
    expect(detail.orderList).toHaveLength(2);
    const before = (await okBody(await request.get('/api/user', { headers: bearer(token) }))).data.now_money as string;
    expect(cents(before)).toBeGreaterThanOrEqual(cents(detail.pay_price));

    await page.goto(`/payment?result=${order.id}`);
    await expect(page.getByRole('heading', { name: '订单提交成功，请尽快付款！' })).toBeVisible();
    await expect(page.locator('[data-order-sn]')).toHaveText(detail.group_order_sn);
    await expect(page.locator('[data-pay-price]')).toContainText(detail.pay_price);
    await expect(page.getByRole('timer')).toHaveText(/^00:1[45]:\d\d$/);
    await expect(page.locator('.pay-info')).toContainText(detail.real_name);
    await expect(page.locator('.pay-info')).toContainText(detail.orderList[0].orderProduct[0].cart_info.product.store_name);
    await expect(page.locator('.pay-info')).toContainText('等 2 种商品');
    const balanceTile = page.locator('.paybox__tile', { hasText: '余额支付' });
    await expect(balanceTile).toContainText(`可用余额 ¥${before}`);
    await expect(page.getByRole('radio', { name: /余额支付/ })).toBeChecked();
    await expect(page.locator('.paybox__tile', { hasText: '微信支付' })).toBeVisible();
    await expect(page.locator('.paybox__tile', { hasText: '支付宝' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/payment-1280.png`, fullPage: true });

    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment_success\\?orderId=${order.id}$`));
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
    await expect(page.locator('[data-order-sn]')).toHaveText(detail.group_order_sn);
    await expect(page.locator('[data-paid]')).toContainText(detail.pay_price);
    await expect(page.locator('[data-pay-method]')).toHaveText('余额支付');
    await expect(page.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/user/order_list?type=1');
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await page.screenshot({ path: `${SHOTS}/payment-success-1280.png`, fullPage: true });

    const after = (await okBody(await request.get('/api/user', { headers: bearer(token) }))).data.now_money as string;
    expect(cents(before) - cents(after)).toBe(cents(detail.pay_price));
    // Paid: /payment now leads to the success page, and paying again is refused.
    await page.goto(`/payment?result=${order.id}`);
    await expect(page).toHaveURL(/\/payment_success\?orderId=/);
    // The result pages take /payment's `result=` too; naming no order, they lead to the orders.
    await page.goto(`/payment_success?result=${order.id}`);
    await expect(page.locator('[data-order-sn]')).toHaveText(detail.group_order_sn);
    await page.goto(`/payment_failed?result=${order.id}`);
    await expect(page).toHaveURL(/\/payment_success\?orderId=/);
    for (const bare of ['/payment_success', '/payment_failed']) {
      await page.goto(bare);
      await expect(page).toHaveURL(/\/user\/order_list\?type=1$/);
    }
    await refusal(await request.post(`/api/order/pay/${order.id}`, { headers: bearer(token), data: { type: 'balance' } }));
  });

  test('a shopper pays by WeChat QR: a phone opens the code and confirms, the waiting page lands on 支付成功', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 3);
    await page.goto(`/payment?result=${order.id}`);
    // A new shopper has no balance: the tile says so and cannot be chosen.
    await expect(page.locator('.paybox__tile', { hasText: '余额支付' })).toContainText('余额不足');
    await expect(page.getByRole('radio', { name: /余额支付/ })).toBeDisabled();
    const { dialog, qrUrl } = await openQr(page, '微信支付');
    await expect(dialog).toContainText('请使用微信扫码支付');
    await expect(dialog).toContainText(order.pay);
    await page.screenshot({ path: `${SHOTS}/payment-qr-dialog-1280.png` });

    const phone = await phoneOpens(browser, qrUrl);
    await expect(phone.page.locator('.sandbox-pay__amount')).toContainText(order.pay);
    await expect(phone.page.locator('.sandbox-pay__facts')).toContainText('微信支付');
    await phone.page.screenshot({ path: `${SHOTS}/sandbox-pay-390.png`, fullPage: true });
    await phone.page.getByRole('button', { name: '确认支付' }).click();
    await expect(phone.page.getByRole('status')).toHaveText('支付成功，请返回电脑查看');
    await expect(phone.page.getByRole('button', { name: '确认支付' })).toHaveCount(0);
    await phone.phone.close();

    await expect(page).toHaveURL(new RegExp(`/payment_success\\?orderId=${order.id}$`));
    await expect(page.locator('[data-pay-method]')).toHaveText('微信支付');
    await expect(page.locator('[data-paid]')).toContainText(order.pay);
  });

  test('a payment declined on the phone lands on 支付失败 with the recorded reason, and 重新支付 goes back', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 4);
    // Shown in US dollars, with the CNY that is charged beside it.
    await page.context().addCookies([{ name: 'locale', value: encodeURIComponent('US|USD|US$'), url: baseURL! }]);
    await page.goto(`/payment?result=${order.id}`);
    await expect(page.locator('.pay-head__amount')).toContainText(/US\$\d/);
    await expect(page.locator('.pay-head__amount')).toContainText(`（实付 ¥${order.pay}）`);
    const { dialog, qrUrl } = await openQr(page, '支付宝');
    await expect(dialog).toContainText(`（实付 ¥${order.pay}）`);
    await page.screenshot({ path: `${SHOTS}/payment-usd-qr-dialog-1280.png` });
    const phone = await phoneOpens(browser, qrUrl);
    await phone.page.getByRole('button', { name: '取消支付' }).click();
    await expect(phone.page.getByRole('status')).toHaveText('已取消支付');
    await phone.phone.close();

    await expect(page).toHaveURL(new RegExp(`/payment_failed\\?orderId=${order.id}&reason=`));
    await expect(page.getByRole('heading', { name: '支付失败' })).toBeVisible();
    await expect(page.locator('[data-reason]')).toHaveText('付款人取消了支付');
    await page.screenshot({ path: `${SHOTS}/payment-failed-1280.png`, fullPage: true });

    // The reason shown is the recorded one, never the link's text.
    await page.goto(`/payment_failed?orderId=${order.id}&reason=${encodeURIComponent('<b>请加客服QQ 10000 退款</b>')}`);
    await expect(page.locator('[data-reason]')).toHaveText('付款人取消了支付');
    await expect(page.locator('body')).not.toContainText('客服QQ');
    await page.getByRole('link', { name: '重新支付' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?result=${order.id}$`));
    await expect(page.getByRole('heading', { name: '订单提交成功，请尽快付款！' })).toBeVisible();
  });

  test('a code the payer declined cannot be paid afterwards: a second tab’s 确认支付 is refused, the phone says why, the order stays unpaid', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 7);
    await page.goto(`/payment?result=${order.id}`);
    const { qrUrl } = await openQr(page, '微信支付');
    const phone = await phoneOpens(browser, qrUrl);
    // The same code open in a second tab of the phone, before the payer answers in the first.
    const second = await phone.phone.newPage();
    await second.goto(qrUrl);
    await booted(second);
    await booted(phone.page);
    await phone.page.getByRole('button', { name: '取消支付' }).click();
    await expect(phone.page.getByRole('status')).toHaveText('已取消支付');
    await expect(page).toHaveURL(new RegExp(`/payment_failed\\?orderId=${order.id}&reason=`));

    await second.getByRole('button', { name: '确认支付' }).click();
    await expect(second.getByRole('status')).toHaveText('您已取消这笔支付，不能再确认支付。如需付款，请在电脑上重新发起支付');
    await expect(second.getByRole('button', { name: '确认支付' })).toHaveCount(0);
    await second.screenshot({ path: `${SHOTS}/sandbox-pay-refused-390.png`, fullPage: true });
    // Opened again, the code shows what happened instead of the buttons.
    await second.reload();
    await expect(second.getByRole('status')).toHaveText('您已取消这笔支付。如需付款，请在电脑上重新发起支付');
    await expect(second.getByRole('button', { name: /确认支付|取消支付/ })).toHaveCount(0);
    await phone.phone.close();

    const status = (await okBody(await request.get(`/api/order/status/${order.id}`, { headers: bearer(order.token) }))).data;
    expect(status).toMatchObject({ paid: 0, status: 'failed', reason: '付款人取消了支付' });
    await expect(page.getByRole('heading', { name: '支付失败' })).toBeVisible();
  });

  test('a code the payer confirmed cannot be cancelled afterwards: a second tab’s 取消支付 is refused and the order is paid', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 8);
    await page.goto(`/payment?result=${order.id}`);
    const { qrUrl } = await openQr(page, '支付宝');
    const phone = await phoneOpens(browser, qrUrl);
    const second = await phone.phone.newPage();
    await second.goto(qrUrl);
    await booted(second);
    await booted(phone.page);
    await phone.page.getByRole('button', { name: '确认支付' }).click();
    await expect(phone.page.getByRole('status')).toHaveText('支付成功，请返回电脑查看');
    await expect(page).toHaveURL(new RegExp(`/payment_success\\?orderId=${order.id}$`));

    await second.getByRole('button', { name: '取消支付' }).click();
    await expect(second.getByRole('status')).toHaveText('这笔支付已完成，不能再取消，请返回电脑查看');
    await expect(second.getByRole('button', { name: '取消支付' })).toHaveCount(0);
    await second.reload();
    await expect(second.getByRole('status')).toHaveText('这笔支付已完成，请返回电脑查看');
    await expect(second.getByRole('button', { name: /确认支付|取消支付/ })).toHaveCount(0);
    await phone.phone.close();

    const status = (await okBody(await request.get(`/api/order/status/${order.id}`, { headers: bearer(order.token) }))).data;
    expect(status).toMatchObject({ paid: 1, status: 'paid' });
  });

  test('an expired QR code is greyed and a click asks for a new one; closing stops polling; a refusal shows the server’s message', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 5);
    const polls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/order/status/') && polls.push(r.url()));
    await page.clock.install();
    await page.goto(`/payment?result=${order.id}`);
    const { dialog, qrUrl } = await openQr(page, '支付宝');
    await page.clock.fastForward('03:01');
    const refresh = dialog.getByRole('button', { name: '二维码已过期，点击刷新' });
    await expect(refresh).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/payment-qr-expired-1280.png` });
    await refresh.click();
    await expect(refresh).toBeHidden();
    await expect(dialog).toHaveAttribute('data-qr-url', /\/sandbox_pay\?t=/);
    expect(await dialog.getAttribute('data-qr-url')).not.toBe(qrUrl);
    expect(polls.length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
    // Closed, it polls no more: 10 s later no status request came before a request made after them.
    await barrier(page);
    const seen = polls.length;
    await page.clock.fastForward('00:10');
    await barrier(page);
    expect(polls.length).toBe(seen);

    // Cancelled elsewhere (another tab): asking for a code now shows why it cannot be paid.
    await okBody(await request.post(`/api/order/cancel/${order.id}`, { headers: bearer(order.token) }));
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('订单已取消');
    await page.reload();
    await expect(page.getByRole('heading', { name: '订单已取消' })).toBeVisible();
    await expect(page.getByRole('button', { name: '立即支付' })).toHaveCount(0);
  });

  test('clicks made while the payment form is still loading all count, in order: 支付宝 then 立即支付 pays by Alipay', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 4);
    await page.goto(`/payment?result=${order.id}`);
    await page.waitForLoadState('load');
    // The form's code is held back, as on a slow connection, until both clicks are made.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held: string[] = [];
    await page.route('**/_astro/**/*.js', async (route) => {
      held.push(route.request().url());
      await gate;
      await route.continue();
    });
    await page.locator('.paybox__tile', { hasText: '支付宝' }).click();
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(page.getByRole('radio', { name: /支付宝/ })).not.toBeChecked();
    const paid = page.waitForRequest((r) => r.url().includes(`/api/order/pay/${order.id}`) && r.method() === 'POST');
    release();
    expect((await paid).postDataJSON()).toMatchObject({ type: 'alipayQr' });
    await expect(page.getByRole('dialog', { name: '支付宝支付' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /支付宝/ })).toBeChecked();
  });

  test('a paid order of two shops opened as the group order says where its shipping is followed: each shop’s order detail', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { groupOrderId, orderIds } = await paidOrder(request, token, [1, 2]);
    await page.goto(`/order_stay_detail?orderId=${groupOrderId}`);
    await expect(page.getByRole('heading', { name: '订单状态：已支付' })).toBeVisible();
    await expect(page.getByText('商家将尽快为您发货')).toHaveCount(0);
    await expect(page.locator('.stay-status__pay')).toContainText('实付金额');
    const links = page.getByRole('link', { name: '查看订单详情' });
    await expect(links).toHaveCount(2);
    expect((await links.evaluateAll((a) => a.map((l) => l.getAttribute('href')))).sort()).toEqual(
      orderIds.map((id) => `/order_detail?orderId=${id}`).sort(),
    );
  });

  test('another shopper’s order is a 404 on every payment page; a visitor is asked to sign in', async ({ page, request, baseURL }) => {
    const owner = await freshShopper(request);
    await addAddress(request, owner);
    const order = await placeOrder(request, owner, [await addLine(request, owner, await skuOf(request, 6, [], 1))]);
    const visitor = await page.goto(`/payment?result=${order.id}`);
    expect(visitor!.url()).toMatch(/\/login$/);
    await freshShopper(request, page.context(), baseURL);
    for (const path of [`/payment?result=${order.id}`, `/payment_success?orderId=${order.id}`, `/payment_failed?orderId=${order.id}`]) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
    }
    await expect(page.getByText('Sorry, the page you visited went wrong')).toBeVisible();
    expect((await page.goto('/payment?result=abc'))!.status()).toBe(404);
  });

  test('the failed-payment page of a cancelled order says why once', async ({ page, request, baseURL }) => {
    const owner = await freshShopper(request, page.context(), baseURL);
    await addAddress(request, owner);
    const order = await placeOrder(request, owner, [await addLine(request, owner, await skuOf(request, 6, [], 1))]);
    await okBody(await request.post(`/api/order/cancel/${order.id}`, { headers: bearer(owner) }));
    await page.goto(`/payment_failed?orderId=${order.id}`);
    const result = page.locator('.pay-result');
    await expect(result.locator('[data-reason]')).toHaveText('订单已取消');
    await expect(result.getByText('订单已取消')).toHaveCount(1);
    await expect(result.getByRole('link', { name: '重新支付' })).toHaveCount(0);
  });

  test('money paid for an order cancelled meanwhile is kept for a refund; support gives it back; the cancelled order says so', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await shopperWithOrder(request, page, baseURL!, 3);
    const qr = (
      await okBody(await request.post(`/api/order/pay/${order.id}`, { headers: bearer(order.token), data: { type: 'weixinQr' } }))
    ).data;
    await okBody(await request.post(`/api/order/cancel/${order.id}`, { headers: bearer(order.token) }));
    // The payer confirms on the phone after the order was cancelled: the gateway takes the money all the same.
    await okBody(
      await request.post('/api/sandbox/pay', { data: { t: new URL(qr.result.config).searchParams.get('t'), action: 'confirm' } }),
    );
    const returned = async () =>
      (await okBody(await request.get(`/api/order/group_order_detail/${order.id}`, { headers: bearer(order.token) }))).data
        .returned_payments;
    await expect.poll(returned).toEqual([{ pay_type: 6, amount: order.pay, status: 'refund_due', refunded_time: null }]);
    await page.goto(`/order_stay_detail?orderId=${order.id}`);
    await expect(page.locator('[data-order-state="cancelled"]')).toBeVisible();
    await expect(page.locator('[data-returned-payment="refund_due"]')).toHaveText(`微信支付 ¥${order.pay} 未用于本订单，正在原路退回`);

    // Support sees it in the money not given back (its payment.refund job would retry it by itself) and gives it back.
    const listed = async () =>
      (await okBody(await request.get('/api/operator/money', { headers: bearer(OPERATOR_TOKEN) }))).data.payments.find(
        (p: { out_trade_no: string }) => p.out_trade_no === qr.result.out_trade_no,
      );
    const kept = await listed();
    expect(kept).toMatchObject({ amount: order.pay, provider: 'sandbox', job_state: 'queued', reason: '订单已取消，款项待退回' });
    await refusal(await request.get('/api/operator/money', { headers: bearer(order.token) }), 401);
    // The operator's command line shows it the same way.
    const cli = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'scripts/operator.ts', '--token', OPERATOR_TOKEN, ...args], {
        env: { ...process.env, MALL_URL: baseURL! },
      });
    const shown = (await cli('money')).stdout;
    expect(shown).toContain(`付款 #${kept.payment_id}  ${qr.result.out_trade_no}  ¥${order.pay}  sandbox`);
    expect(shown).toContain('订单已取消，款项待退回');
    await refusal(await request.post(`/api/operator/payment/${kept.payment_id}/refund`, { headers: bearer(order.token) }), 401);
    const done = await okBody(await request.post(`/api/operator/payment/${kept.payment_id}/refund`, { headers: bearer(OPERATOR_TOKEN) }));
    expect(done).toMatchObject({ message: '款项已原路退回', data: { payment_id: kept.payment_id, status: 'refunded' } });
    expect(await listed()).toBeUndefined();
    expect(await returned()).toEqual([
      { pay_type: 6, amount: order.pay, status: 'refunded', refunded_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) },
    ]);
    await page.reload();
    await expect(page.locator('[data-returned-payment="refunded"]')).toHaveText(
      new RegExp(`^微信支付 ¥${order.pay.replace('.', '\\.')} 未用于本订单，已原路退回（\\d{4}-`),
    );
    await page.screenshot({ path: `${SHOTS}/order-cancelled-refunded-1280.png`, fullPage: true });
  });

  test('the sandbox page refuses a code it did not sign', async ({ page }) => {
    const res = await page.goto('/sandbox_pay?t=abc.def');
    expect(res!.status()).toBe(400);
    await expect(page.getByText('无效的支付二维码')).toBeVisible();
  });
});
