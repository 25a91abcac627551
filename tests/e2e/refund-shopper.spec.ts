// The shopper's side of after-sales in the browser (#13): a refund-only request through the pages (kind, form with a
// reason and a picture, success, list, detail) and its cancel; a return request on an order the merchant shipped
// (through the merchant API with the demo token); another shopper's request is a 404. Each test has its own shoppers.
// With SHOTS_DIR set, each page is also saved as a screenshot there (for review; nothing is compared).
import type { Page } from '@playwright/test';
import { test, expect, answerConfirm } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { demoToken } from './merchant-cli.ts';
import { addAddress, addLine, bearer, paidOrder, payBySandbox, placeOrder, skuOf } from './orders.ts';
import { photo } from '../helpers/images.ts';

/** Islands that load with the page respond only once React has hydrated them. */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]:is([client="load"], [client="interact"][opts*=\'"value":"load"\'])')).toHaveCount(0);
}

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** The store order and its first line of a fresh shopper's paid order. */
async function orderOf(request: Parameters<typeof paidOrder>[0], token: string, n = 1) {
  const { orderIds } = await paidOrder(request, token, [1], n);
  const detail = (await okBody(await request.get(`/api/order/detail/${orderIds[0]}`, { headers: bearer(token) }))).data;
  return { orderId: orderIds[0]!, itemId: detail.orderProduct[0].order_product_id as number };
}

test.describe('refunds, the shopper side', () => {
  test('asks for a refund of one item with a reason and a picture, finds it in the list and detail, then cancels it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId, itemId } = await orderOf(request, token, 2);

    // The order detail offers it. Nothing is shipped, so only a refund is possible: its form opens at once.
    await page.goto(`/order_detail?orderId=${orderId}`);
    await page.locator(`[data-order-product="${itemId}"]`).getByRole('link', { name: '申请退款' }).click();
    await expect(page).toHaveURL(`/refund_confirm?orderId=${orderId}&type=1&ids=${itemId}&refund_type=1`);
    await expect(page.getByRole('heading', { name: '申请仅退款' })).toBeVisible();
    // The kind-of-request page says why a return is not offered before shipping.
    await page.goto(`/user/refund_select?orderId=${orderId}&type=1&ids=${itemId}`);
    await expect(page.locator('[data-refund-kind="2"]')).toContainText('订单未发货');
    await shot(page, 'refund-select');
    await page.locator('[data-refund-kind="1"]').click();
    await expect(page).toHaveURL(/\/refund_confirm\?/);
    await expect(page.getByRole('heading', { name: '申请仅退款' })).toBeVisible();
    await hydrated(page);

    // Two units: the amount starts at the most for both, and one unit scales it down.
    const form = page.locator('[data-refund-form]');
    const amount = form.getByLabel('退款金额');
    const max = page.locator('[data-refund-max]');
    // The most is said once, next to the amount it bounds.
    await expect(page.getByText('最多可退')).toHaveCount(1);
    const maxBoth = Number((await max.textContent())!.replace(/[^\d.]/g, ''));
    await expect(amount).toHaveValue(maxBoth.toFixed(2));
    await form.getByLabel('退款数量').selectOption('1');
    const maxOne = Number((await max.textContent())!.replace(/[^\d.]/g, ''));
    expect(maxOne).toBeLessThan(maxBoth);
    await expect(amount).toHaveValue(maxOne.toFixed(2));

    // More than the most is refused before sending.
    await amount.fill((maxOne + 1).toFixed(2));
    await form.getByLabel('退款原因').selectOption('收到商品损坏了');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(form.getByRole('alert')).toContainText('退款金额超过最多可退金额');
    await amount.fill(maxOne.toFixed(2));

    await form.getByLabel('备注说明').fill('外包装破损，商品有划痕');
    await expect(form.getByText('11/100')).toBeVisible();
    await form.locator('input[type="file"]').setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: await photo('png') });
    await expect(form.locator('[data-uploaded]')).toHaveCount(1);
    await form.getByLabel('联系电话').fill('13612345678');
    await shot(page, 'refund-confirm');
    await form.getByRole('button', { name: '提交申请' }).click();

    const success = page.locator('[data-refund-success]');
    await expect(success).toContainText('申请退款成功');
    await shot(page, 'refund-confirm-success');
    await success.getByRole('link', { name: '查看售后记录' }).click();

    await expect(page).toHaveURL(/\/user\/refund_list$/);
    const card = page.locator('[data-refund-card]').first();
    await expect(card.locator('[data-status-text]')).toHaveText('待审核');
    await expect(card).toContainText(`共 1 件，退款 ¥${maxOne.toFixed(2)}`);
    await shot(page, 'refund-list');

    // The order shows the item's refund in progress, and the order list's 售后 tab counts it.
    await page.goto('/user/order_list?type=1');
    await expect(page.locator('[data-tab="refund"] [data-count]')).toHaveText('1');
    await page.goto(`/order_detail?orderId=${orderId}`);
    const row = page.locator(`[data-order-product="${itemId}"]`);
    await expect(row).toContainText('退款中');
    await expect(row.getByRole('link', { name: '申请退款' })).toHaveCount(0);
    await page.goto('/user/refund_list');

    await card.getByRole('link', { name: '查看详情' }).click();
    await expect(page).toHaveURL(/\/refund_detail\?id=\d+$/);
    await expect(page.locator('[data-status-text]')).toHaveText('待审核');
    // The merchant has refund_agree_days (7 in the demo mall) to answer before the system agrees.
    await expect(page.locator('[data-auto-refund-time]')).toContainText(
      /若商家在 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 前未处理，系统将自动同意申请/,
    );
    await expect(page.locator('.refund-info')).toContainText('收到商品损坏了');
    await expect(page.locator('.refund-info')).toContainText('外包装破损，商品有划痕');
    await expect(page.locator('.refund-info .refund-pics img')).toHaveCount(1);
    await shot(page, 'refund-detail');

    await page.getByRole('button', { name: '取消申请' }).click();
    await answerConfirm(page, '确定取消这次售后申请吗？');
    await expect(page.locator('[data-status-text]')).toHaveText('已取消');
    await expect(page.locator('[data-auto-refund-time]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '删除记录' })).toBeVisible();
    await shot(page, 'refund-detail-cancelled');
    // Its unit is refundable again.
    await page.goto(`/order_detail?orderId=${orderId}`);
    await expect(page.locator(`[data-order-product="${itemId}"]`).getByRole('link', { name: '申请退款' })).toBeVisible();
  });

  test('asks for a return and refund of an order the merchant shipped; the list shows it under review', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId, itemId } = await orderOf(request, token);
    await okBody(
      await request.post(`/api/merchant/order/delivery/${orderId}`, {
        headers: bearer(demoToken(1)),
        data: { delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF1409876543' },
      }),
    );

    await page.goto(`/order_detail?orderId=${orderId}`);
    await page.locator(`[data-order-product="${itemId}"]`).getByRole('link', { name: '申请退款' }).click();
    await expect(page).toHaveURL(/\/user\/refund_select\?/);
    await page.locator('[data-refund-kind="2"]').click();
    await expect(page.getByRole('heading', { name: '申请退货退款' })).toBeVisible();
    await hydrated(page);
    // Shipped: postage stays with the merchant.
    await expect(page.locator('[data-refund-max]')).toContainText('已发货订单不退运费');
    const form = page.locator('[data-refund-form]');
    await form.getByLabel('退款原因').selectOption('与描述不符');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(page.locator('[data-refund-success]')).toBeVisible();

    await page.goto('/user/refund_list?type=1');
    const card = page.locator('[data-refund-card]');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-status', '0');
    await expect(card).toContainText('退货退款');
    await page.goto('/user/refund_list?type=2');
    await expect(page.locator('[data-refund-card]')).toHaveCount(0);
    await shot(page, 'refund-list-processed-empty');
  });

  test('an order refunded in full: its refund pages say so (not that its window is over) and lead back to it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId, itemId } = await orderOf(request, token);
    const most = (await okBody(await request.get(`/api/refund/product/${orderId}?ids=${itemId}&type=1`, { headers: bearer(token) }))).data;
    const refund = (
      await okBody(
        await request.post(`/api/refund/apply/${orderId}`, {
          headers: bearer(token),
          data: { type: 1, refund_type: 1, num: 1, ids: String(itemId), refund_message: '不想要了', refund_price: most.total_refund_price },
        }),
      )
    ).data;
    // Refund only, approved: refunded at once.
    await okBody(await request.post(`/api/merchant/refund/approve/${refund.refund_order_id}`, { headers: bearer(demoToken(1)) }));

    for (const path of [
      `/refund?orderId=${orderId}&type=2&refund_type=1`,
      `/refund_confirm?orderId=${orderId}&type=1&ids=${itemId}&refund_type=1`,
    ]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(400);
      await expect(page.getByRole('alert')).toHaveText('该订单已全部退款，没有可再退的商品');
      await expect(page.getByRole('link', { name: '返回订单详情' })).toHaveAttribute('href', `/order_detail?orderId=${orderId}`);
    }
  });

  test('a refund form refused before sending puts the cursor in the field to correct', async ({ page, context, request, baseURL }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId, itemId } = await orderOf(request, token);
    await page.goto(`/refund_confirm?orderId=${orderId}&type=1&ids=${itemId}&refund_type=1`);
    await hydrated(page);
    const form = page.locator('[data-refund-form]');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(form.getByRole('alert')).toHaveText('请选择退款原因');
    await expect(form.getByLabel('退款原因')).toBeFocused();
    await expect(form.getByLabel('退款原因')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('退款原因').selectOption({ index: 1 });
    await form.getByLabel('退款金额').fill('99999');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(form.getByRole('alert')).toContainText('退款金额超过最多可退金额');
    await expect(form.getByLabel('退款金额')).toBeFocused();
    await expect(form.getByLabel('退款原因')).not.toHaveAttribute('aria-invalid');
  });

  test('picks several items of an order on /refund and asks for them in one request', async ({ page, context, request, baseURL }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const a = await skuOf(request, 1, [], 1);
    const b = await skuOf(request, 1, [a.product_id], 1);
    const { id } = await placeOrder(request, token, [await addLine(request, token, a), await addLine(request, token, b, 2)]);
    await payBySandbox(request, token, id);
    const group = (await okBody(await request.get(`/api/order/group_order_detail/${id}`, { headers: bearer(token) }))).data;
    const orderId = group.orderList[0].order_id as number;

    await page.goto(`/order_detail?orderId=${orderId}`);
    // Not shipped: the batch goes straight to choosing the items, as refunds only.
    await page.getByRole('link', { name: '批量退款' }).click();
    await expect(page).toHaveURL(`/refund?orderId=${orderId}&refund_type=1&type=2`);
    const rows = page.locator('[data-refund-batch] tbody tr');
    await expect(rows).toHaveCount(2);
    await shot(page, 'refund-batch');
    await page.getByRole('button', { name: '申请退款' }).click();
    await expect(page).toHaveURL(/\/refund_confirm\?/);
    await expect(page.locator('[data-refund-item]')).toHaveCount(2);
    await hydrated(page);
    const form = page.locator('[data-refund-form]');
    // Several items go back whole: no quantity to choose.
    await expect(form.getByLabel('退款数量')).toHaveCount(0);
    await form.getByLabel('退款原因').selectOption('未按预定时间发货');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(page.locator('[data-refund-success]')).toBeVisible();
    await page.goto('/user/refund_list');
    await expect(page.locator('[data-refund-card]')).toContainText('共 3 件');
  });

  test('a reason picked while the form is still loading is kept once it has loaded, and sent', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId, itemId } = await orderOf(request, token);
    // The page's code is held back, as on a slow connection, until the reason is picked.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/_astro/**/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`/refund_confirm?orderId=${orderId}&type=1&ids=${itemId}&refund_type=1`, { waitUntil: 'commit' });
    const form = page.locator('[data-refund-form]');
    await form.getByLabel('退款原因').selectOption('收到商品损坏了');
    release();
    await hydrated(page);
    await expect(form.getByLabel('退款原因')).toHaveValue('收到商品损坏了');
    const sent = page.waitForRequest((r) => r.url().includes(`/api/refund/apply/${orderId}`));
    await form.getByRole('button', { name: '提交申请' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ refund_message: '收到商品损坏了' });
    await expect(page.locator('[data-refund-success]')).toBeVisible();
  });

  test('the refund API answers the reference shapes and refuses bad input with 400, never 500', async ({
    request,
    playwright,
    baseURL,
  }) => {
    const reasons = (await okBody(await request.get('/api/common/refund_message'))).data;
    expect(reasons).toEqual(expect.arrayContaining(['收货地址填错了', '与描述不符', '其它原因']));
    const token = await freshShopper(request);
    const { orderId, itemId } = await orderOf(request, token);
    const auth = { headers: bearer(token) };
    const batch = (await okBody(await request.get(`/api/refund/batch_product/${orderId}`, auth))).data;
    expect(batch).toEqual([expect.objectContaining({ order_product_id: itemId, refund_num: 1, cart_info: expect.any(Object) })]);
    const product = (await okBody(await request.get(`/api/refund/product/${orderId}?ids=${itemId}&type=1`, auth))).data;
    expect(product).toMatchObject({
      total_refund_price: expect.any(String),
      postage_price: expect.any(String),
      status: 0,
      activity_type: 0,
    });
    for (const data of [
      { type: 1, refund_type: 1, num: 1, ids: String(itemId), refund_message: '不想要了', refund_price: '-5' },
      { type: 1, refund_type: 1, num: 0.5, ids: String(itemId), refund_message: '不想要了', refund_price: '1' },
      { type: 1, refund_type: 1, num: 1, ids: String(itemId), refund_message: '不想要了\u0000', refund_price: '1' },
      { type: 1, refund_type: 2, num: 1, ids: String(itemId), refund_message: '不想要了', refund_price: '0.01' },
      [1, 2],
    ]) {
      const res = await request.post(`/api/refund/apply/${orderId}`, { ...auth, data });
      expect(res.status(), JSON.stringify(data)).toBe(400);
    }
    expect((await request.get('/api/refund/list?type=x', auth)).status()).toBe(400);
    expect((await request.get('/api/refund/detail/abc', auth)).status()).toBe(400);
    expect((await okBody(await request.get('/api/refund/list?type=0&page=1&limit=10', auth))).data).toEqual({ count: 0, list: [] });
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await (await visitor.get('/api/refund/list')).json()).message).toBe('请登录');
    await visitor.dispose();
  });

  test("another shopper's refund request is a 404, on the page and through the API", async ({ page, context, request, baseURL }) => {
    const owner = await freshShopper(request);
    const { orderId, itemId } = await orderOf(request, owner);
    const applied = await okBody(
      await request.post(`/api/refund/apply/${orderId}`, {
        headers: bearer(owner),
        data: { type: 1, refund_type: 1, num: 1, ids: String(itemId), refund_message: '不想要了', refund_price: '0.01' },
      }),
    );
    const id = applied.data.refund_order_id as number;
    expect((await okBody(await request.get(`/api/refund/detail/${id}`, { headers: bearer(owner) }))).data.status).toBe(0);

    const other = await freshShopper(request, context, baseURL);
    const res = await page.goto(`/refund_detail?id=${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.locator('#error-title')).toBeVisible();
    const api = await request.get(`/api/refund/detail/${id}`, { headers: bearer(other) });
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ status: 404, message: '退款单不存在' });
    expect((await request.post(`/api/refund/cancel/${id}`, { headers: bearer(other) })).status()).toBe(404);
  });
});
