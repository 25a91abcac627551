// Checkout in Chromium: a freshly registered shopper checks out goods of two merchants, adds an address through
// the region picker, sees the payable follow the coupon choice, submits once (a double click too) and lands on the
// unpaid order with its countdown; an unpaid order left alone expires and gives its stock back. Each test has its
// own shopper; stock is read through the public product API.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, answerConfirm } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { freePort, startServe } from './spawn-server.ts';
import { SMS_OUTBOX } from './sms.ts';
import { addAddress, addLine, bearer, placeOrder, skuOf, stockOf } from './orders.ts';

/** The payable shown, in yuan. */
const payable = async (page: Page) => Number((await page.locator('[data-summary="pay"]').textContent())!.replace(/[^\d.]/g, ''));

test.describe('checkout', () => {
  test('a new shopper adds an address with the region picker, sees the coupon move the payable, and lands on the unpaid order', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await okBody(await request.post('/api/coupon/receive/2', { headers: bearer(token) })); // 新人专享券: ¥10 off from ¥99
    const a = await skuOf(request, 1);
    const b = await skuOf(request, 2);
    const ids = [await addLine(request, token, a), await addLine(request, token, b)];

    await page.goto(`/order_confirm?cartId=${ids.join(',')}`);
    await expect(page.getByRole('heading', { name: '确认订单' })).toBeVisible();
    await expect(page.locator('.co-merchant')).toHaveCount(2);
    await expect(page.getByText('还没有收货地址')).toBeVisible();

    // No address yet: submitting says so; the new address is chosen at once.
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page.getByRole('status')).toHaveText('请选择收货地址');
    await page.getByRole('button', { name: '+ 新增收货地址' }).click();
    const dialog = page.getByRole('dialog', { name: '新增收货地址' });
    await dialog.getByLabel('省份').selectOption({ label: '北京市' });
    await dialog.getByLabel('城市').selectOption({ label: '市辖区' });
    await dialog.getByLabel('区/县').selectOption({ label: '东城区' });
    await dialog.getByLabel('街道/乡镇').selectOption({ label: '东华门街道' });
    await dialog.getByLabel('详细地址').fill('东华门大街 6 号');
    await dialog.getByLabel('收货人').fill('赵晓雨');
    await dialog.getByLabel('手机号码').fill('13612345678');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('button', { name: /赵晓雨/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.checkout__ship')).toContainText('东城区 东华门街道 东华门大街 6 号');

    // The best platform coupon is preselected; without it the payable is ¥10 more, with it again ¥10 less.
    const platform = page.locator('[data-coupon-select="0"]');
    await expect(platform.locator('option:checked')).toContainText('新人专享券');
    const withCoupon = await payable(page);
    await platform.selectOption('');
    await expect.poll(() => payable(page)).toBeCloseTo(withCoupon + 10, 2);
    await platform.selectOption((await platform.locator('option', { hasText: '新人专享券' }).getAttribute('value'))!);
    await expect.poll(() => payable(page)).toBeCloseTo(withCoupon, 2);
    await expect(page.locator('[data-summary="platform"]')).toContainText('10.00');
    // Its rules are one click away, in a new tab (the reference's `sys_coupon_agree`).
    const rules = page.getByRole('link', { name: '使用规则' });
    await expect(rules).toHaveAttribute('href', '/privacy_agreement?type=sys_coupon_agree');
    await expect(rules).toHaveAttribute('target', '_blank');

    await page.getByRole('button', { name: '提交订单' }).click();
    // As the reference: a placed order goes to the payment page; its unpaid order page shows the same order.
    await expect(page).toHaveURL(/\/payment\?result=\d+$/);
    const orderId = new URL(page.url()).searchParams.get('result');
    await page.goto(`/order_stay_detail?orderId=${orderId}`);
    await expect(page.getByRole('heading', { name: '订单状态：等待付款' })).toBeVisible();
    await expect(page.locator('[data-pay-price]')).toContainText(withCoupon.toFixed(2));
    await expect(page.getByRole('link', { name: '立即付款' })).toHaveAttribute('href', /\/payment\?result=\d+/);
    const timer = page.getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^00:1[45]:\d\d$/);
    await expect(timer).not.toHaveText(first!);
    // The cart lines became the order: checking them out again is refused.
    await refusal(await request.post('/api/v2/order/check', { headers: bearer(token), data: { cart_id: ids } }));
  });

  test('with many addresses, checkout shows one row of them, the chosen one always in it, and all on demand', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    for (let i = 0; i < 5; i++) await addAddress(request, token);
    const id = await addLine(request, token, await skuOf(request, 1));
    await page.goto(`/order_confirm?cartId=${id}`);
    const cards = page.locator('.co-addresses .co-address');
    const chosen = page.locator('.co-addresses .co-address[aria-pressed="true"]');
    await expect(cards).toHaveCount(4);
    await expect(chosen).toHaveCount(1);
    const more = page.getByRole('button', { name: '显示全部地址（5）' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(cards).toHaveCount(5);
    // The fifth is chosen: folded again, the row still shows it (in place of the fourth).
    await cards.nth(4).click();
    await expect(cards.nth(4)).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '收起地址' }).click();
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(3)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a double click on submit places one order and takes the stock once; cancelling gives it back', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const sku = await skuOf(request, 3);
    const id = await addLine(request, token, sku, 2);
    const before = await stockOf(request, sku);
    await page.goto(`/order_confirm?cartId=${id}`);
    await page.getByRole('button', { name: '提交订单' }).dblclick();
    await expect(page).toHaveURL(/\/payment\?result=\d+$/);
    expect(await stockOf(request, sku)).toBe(before - 2);
    const stay = `/order_stay_detail?orderId=${new URL(page.url()).searchParams.get('result')}`;
    await page.goto(stay);
    // Each shop of the order can be reached before paying: its phone, and its chat (shop 3 answers by chat).
    const shop = (await okBody(await request.get('/api/store/merchant/detail/3'))).data;
    const contact = page.locator('[data-merchant-contact]');
    await expect(contact).toContainText(`客服电话 ${shop.service_phone}`);
    await expect(contact.getByRole('button', { name: '联系客服' })).toBeVisible();

    await page.getByRole('button', { name: '取消订单' }).click();
    await answerConfirm(page, '确定取消这个订单吗？');
    // As the reference: a cancelled order leads back to the order list.
    await expect(page).toHaveURL(/\/user\/order_list\?type=1$/);
    await page.goto(stay);
    await expect(page.getByRole('heading', { name: '订单状态：已取消' })).toBeVisible();
    expect(await stockOf(request, sku)).toBe(before);
  });

  test('checkout of lines already ordered (the browser’s back after submitting) says so and leads back to the cart', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const cartId = await addLine(request, token, await skuOf(request, 1));
    await placeOrder(request, token, [cartId]);
    const res = await page.goto(`/order_confirm?cartId=${cartId}`);
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('订单已生成，请勿重复提交');
    await page.getByRole('link', { name: '返回购物车' }).click();
    await expect(page).toHaveURL(/\/shopping_cart$/);
  });

  test('the invoice and platform-coupon choices are named by their label alone; their rules are links beside them', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const cartId = await addLine(request, token, await skuOf(request, 1));
    await page.goto(`/order_confirm?cartId=${cartId}`);
    await expect(page.getByRole('combobox', { name: '发票', exact: true })).toHaveValue('0');
    await expect(page.getByRole('combobox', { name: '平台优惠券', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '发票须知' })).toHaveAttribute('href', '/privacy_agreement?type=sys_receipt_agree');
    await expect(page.getByRole('link', { name: '使用规则' })).toHaveAttribute('href', '/privacy_agreement?type=sys_coupon_agree');
  });

  test('picking up at the shop: a submit missing the pickup contact puts the cursor in the field to fill', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const cartId = await addLine(request, token, await skuOf(request, 1));
    await page.goto(`/order_confirm?cartId=${cartId}`);
    await page.getByLabel('配送方式').selectOption('take');
    const pickup = page.getByRole('group', { name: '提货人信息' });
    await expect(pickup).toBeVisible();

    const submit = page.getByRole('button', { name: '提交订单' });
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('请填写提货人姓名和电话');
    await expect(pickup.getByLabel('姓名')).toBeFocused();
    await expect(pickup.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.type('赵晓雨');
    await expect(pickup.getByLabel('姓名')).not.toHaveAttribute('aria-invalid');

    await submit.click();
    await expect(pickup.getByLabel('手机号')).toBeFocused();
    await expect(pickup.getByLabel('手机号')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.type('13612345678');
    await submit.click();
    await expect(page).toHaveURL(/\/payment\?result=\d+$/);
  });

  test('checkout and the unpaid order show an item’s spec values as the cart does (黑色，S), not as the API joins them', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const cartId = await addLine(request, token, await skuOf(request, 1));
    const cart = (await okBody(await request.get('/api/user/cart/lst', { headers: bearer(token) }))).data;
    const sku: string = cart.list[0].list[0].productAttr.sku;
    expect(sku.split(',').length).toBeGreaterThan(1); // shop 1 sells clothes by colour and size
    const shown = sku.split(',').join('，');

    await page.goto('/shopping_cart');
    await expect(page.locator('.cart-item__sku')).toHaveText(shown);
    await page.goto(`/order_confirm?cartId=${cartId}`);
    await expect(page.locator('.co-line__sku')).toHaveText(shown);
    const order = await placeOrder(request, token, [cartId]);
    await page.goto(`/order_stay_detail?orderId=${order.id}`);
    await expect(page.locator('.order-items__sku')).toHaveText(shown);
    await page.goto('/user/order_list?type=1');
    await expect(page.locator('.ocard__sku')).toHaveText(shown);
  });

  test('another shopper’s order and lines are a 404, and bad check input is a clear 400', async ({ request, page, context, baseURL }) => {
    const owner = await freshShopper(request);
    await addAddress(request, owner);
    const sku = await skuOf(request, 4);
    const id = await addLine(request, owner, sku);
    const check = (await okBody(await request.post('/api/v2/order/check', { headers: bearer(owner), data: { cart_id: [id] } }))).data;
    const order = (
      await okBody(await request.post('/api/v2/order/create', { headers: bearer(owner), data: { cart_id: [id], key: check.key } }))
    ).data;

    const other = await freshShopper(request, context, baseURL);
    await refusal(await request.post('/api/v2/order/check', { headers: bearer(other), data: { cart_id: [id] } }), 404);
    await refusal(await request.get(`/api/order/group_order_detail/${order.order_id}`, { headers: bearer(other) }), 404);
    await refusal(await request.post(`/api/order/cancel/${order.order_id}`, { headers: bearer(other) }), 404);
    const res = await page.goto(`/order_stay_detail?orderId=${order.order_id}`);
    expect(res!.status()).toBe(404);
    for (const cart_id of [[], ['x'], [1.5], [-3], 'a,b']) {
      await refusal(await request.post('/api/v2/order/check', { headers: bearer(other), data: { cart_id } }));
    }
    await refusal(await request.post('/api/v2/order/create', { headers: bearer(other), data: { cart_id: [id], key: 'nope' } }));
  });
});

test.describe('unpaid orders expire', () => {
  test('an order left unpaid past its time is cancelled by the job runner and its stock comes back', async ({ browser }) => {
    test.setTimeout(150_000);
    const dir = mkdtempSync(join(tmpdir(), 'mallfront-expiry-'));
    const env = { DATA_DIR: dir, MALLFRONT_TEST: '1', TRUST_PROXY: '1', SMS_OUTBOX };
    // The operator shortens the payment window to one minute (the setting's smallest value).
    const set = spawnSync('npx', ['tsx', 'scripts/setting.ts', 'order_cancel_minutes', '1'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    expect(set.status, set.stderr).toBe(0);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServe({ ...env, PORT: String(port), SITE_URL: base });
    try {
      await server.ready();
      const context = await browser.newContext({ baseURL: base });
      const api = context.request;
      const token = await freshShopper(api, context, base);
      await addAddress(api, token);
      const sku = await skuOf(api, 5);
      const before = await stockOf(api, sku);
      const id = await addLine(api, token, sku, 3);
      const check = (await okBody(await api.post('/api/v2/order/check', { headers: bearer(token), data: { cart_id: [id] } }))).data;
      expect(check.cancel_minutes).toBe(1);
      const order = (
        await okBody(await api.post('/api/v2/order/create', { headers: bearer(token), data: { cart_id: [id], key: check.key } }))
      ).data;
      expect(await stockOf(api, sku)).toBe(before - 3);
      // Nobody opens the order: the expiry job alone brings the stock back after the minute.
      await expect.poll(() => stockOf(api, sku), { timeout: 100_000, intervals: [2000] }).toBe(before);
      const page = await context.newPage();
      await page.goto(`/order_stay_detail?orderId=${order.order_id}`);
      await expect(page.getByRole('heading', { name: '订单状态：已取消' })).toBeVisible();
      await context.close();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
