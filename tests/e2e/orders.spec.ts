// The shopper's orders in Chromium and over HTTP: a fresh shopper's paid order under 待发货 with its count and its
// detail; an unpaid order under 待付款 with its countdown, cancelled from the list; a deposit presale order on
// /user/presell_order; the order API's shapes and refusals. Shipping needs the merchant API (another branch), so
// confirming receipt, points on receipt and deleting a finished order are tested at the service level
// (src/server/services/order/my-orders-suite.ts); buy-again is tested here on the API with a paid order's items.
import type { APIRequestContext } from '@playwright/test';
import { test, expect, answerConfirm } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { addAddress, addLine, bearer, paidOrder, payBySandbox, placeOrder, skuOf } from './orders.ts';

const get = async (api: APIRequestContext, token: string, path: string) =>
  (await okBody(await api.get(path, { headers: bearer(token) }))).data;

/** A fresh shopper's cart line (buy now) of a presale on sale (a deposit one unless `presellType` 1), with an address to send it to. */
async function depositCartLine(api: APIRequestContext, token: string, presellType: 1 | 2 = 2): Promise<number> {
  await addAddress(api, token);
  const { list } = (await okBody(await api.get('/api/store/product/presell/lst?type=1&limit=20'))).data;
  const pick = (list as { product_presell_id: number; presell_type: number; pay_count?: number }[]).find(
    (p) => p.presell_type === presellType,
  )!;
  const detail = (await okBody(await api.get(`/api/store/product/presell/detail/${pick.product_presell_id}`))).data;
  const sku = Object.values(detail.product.sku as Record<string, { unique: string; stock: number }>).find((s) => s.stock > 5)!;
  const cart = await okBody(
    await api.post('/api/user/cart/create', {
      headers: bearer(token),
      data: { product_id: pick.product_presell_id, product_attr_unique: sku.unique, cart_num: 2, is_new: 1, product_type: 2 },
    }),
  );
  return cart.data.cart_id;
}

/** A fresh shopper's deposit presale order with its deposit paid (status 10, balance window weeks away). */
async function depositOrder(api: APIRequestContext, token: string): Promise<number> {
  const { id } = await placeOrder(api, token, [await depositCartLine(api, token)]);
  await payBySandbox(api, token, id);
  return (await get(api, token, `/api/order/group_order_detail/${id}`)).orderList[0].order_id;
}

test.describe('my orders', () => {
  test('a paid order is under 待发货 with its count; its detail shows the state, items, amounts and 微信支付', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderIds, skus, groupOrderId } = await paidOrder(request, token, [1, 2]);
    expect(await get(request, token, '/api/order/number')).toEqual({
      all: 2,
      noPay: 0,
      noPostage: 2,
      noDeliver: 0,
      noComment: 0,
      done: 0,
      refund: 0,
    });

    await page.goto('/user/order_list?type=1');
    await expect(page.getByRole('heading', { name: '我的订单' })).toBeVisible();
    const toShip = page.getByRole('navigation', { name: '订单状态' }).getByRole('link', { name: /待发货/ });
    await expect(toShip).toHaveText('待发货2');
    await toShip.click();
    await expect(page).toHaveURL(/\/user\/order_list\?type=1&status=0$/);
    await expect(toShip).toHaveAttribute('aria-current', 'page');
    const cards = page.locator('article.ocard');
    await expect(cards).toHaveCount(2);
    for (const id of orderIds) {
      const card = page.locator(`article[data-order-id="${id}"]`);
      await expect(card.locator('[data-status-text]')).toHaveText('待发货');
      await expect(card.getByRole('button', { name: '确认收货' })).toHaveCount(0);
    }
    // Nothing is waiting for payment or delivery.
    await page.getByRole('link', { name: '待收货' }).click();
    await expect(page.getByRole('status')).toHaveText(/暂无待收货的订单/);

    const detail = await get(request, token, `/api/order/detail/${orderIds[0]}`);
    await page.goto('/user/order_list?type=1&status=0');
    await page.locator(`article[data-order-id="${orderIds[0]}"]`).getByRole('link', { name: '查看详情' }).click();
    await expect(page).toHaveURL(new RegExp(`/order_detail\\?orderId=${orderIds[0]}$`));
    await expect(page.getByRole('heading', { name: '订单状态：待发货' })).toBeVisible();
    await expect(page.locator('[data-order-sn]')).toHaveText(detail.order_sn);
    await expect(page.locator('[data-pay-type]')).toHaveText('微信支付');
    await expect(page.locator('[data-pay-price]')).toHaveText(`¥${detail.pay_price}`);
    await expect(page.locator('[data-summary-pay]')).toHaveText(`¥${detail.pay_price}`);
    const rows = page.locator('tr[data-order-product]');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(detail.orderProduct[0].cart_info.product.store_name);
    await expect(rows.first()).toContainText('×1');
    await expect(rows.first().getByRole('link', { name: '申请退款' })).toHaveAttribute(
      'href',
      `/refund_confirm?orderId=${orderIds[0]}&type=1&ids=${detail.orderProduct[0].order_product_id}&refund_type=1`,
    );
    await expect(page.locator('.odetail-timeline')).toContainText('订单生成');
    await expect(page.getByText('商家正在备货，请耐心等待发货')).toBeVisible();
    expect(detail.orderProduct[0].product_id).toBe(skus[0]!.product_id);
    // The payment's number (what the payment page and the balance records name) is on the order too.
    expect(detail.group_order_sn).toMatch(/^wx\d{20}$/);
    await expect(page.locator('[data-pay-sn]')).toHaveText(detail.group_order_sn);
    await page.goto(`/payment_success?orderId=${groupOrderId}`);
    await expect(page.locator('.pay-result__facts')).toContainText(`支付单号${detail.group_order_sn}`);
  });

  test('an unpaid order is under 待付款 with its countdown and is cancelled from the list', async ({ page, context, request, baseURL }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const { id } = await placeOrder(request, token, [await addLine(request, token, await skuOf(request, 1))]);

    // The API counts it under noPay only: its `all` is the paid orders, what the reference's 全部 tab (status -2) lists.
    expect(await get(request, token, '/api/order/number')).toMatchObject({ all: 0, noPay: 1 });
    expect((await get(request, token, '/api/order/list?status=-2&page=1&limit=10')).count).toBe(0);

    await page.goto('/user/order_list?type=1');
    // On top of 全部订单 (whose figure counts it), and under 待付款 with its count.
    await expect(page.locator(`article[data-group-order-id="${id}"]`)).toBeVisible();
    await expect(page.getByRole('link', { name: /全部订单/ })).toHaveText('全部订单1');
    const unpaidTab = page.getByRole('link', { name: /待付款/ });
    await expect(unpaidTab).toHaveText('待付款1');
    await unpaidTab.click();
    await expect(page).toHaveURL(/status=unpaid$/);
    const card = page.locator(`article[data-group-order-id="${id}"]`);
    await expect(card.locator('[data-status-text]')).toHaveText('待付款');
    await expect(card.getByRole('link', { name: '立即付款' })).toHaveAttribute('href', `/payment?result=${id}`);
    const timer = card.getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^00:1[45]:\d\d$/);
    await expect(timer).not.toHaveText(first!);

    // 取消 in the confirmation leaves the order as it is.
    await card.getByRole('button', { name: '取消订单' }).click();
    await answerConfirm(page, '确定取消这个订单吗？', false);
    expect((await get(request, token, `/api/order/group_order_detail/${id}`)).is_cancel).toBe(0);
    await card.getByRole('button', { name: '取消订单' }).click();
    await answerConfirm(page, '确定取消这个订单吗？');
    // The list shows again, and says what happened.
    await expect(page.getByRole('status').filter({ hasText: '订单已取消' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '暂无待付款的订单' })).toBeVisible();
    expect((await get(request, token, `/api/order/group_order_detail/${id}`)).is_cancel).toBe(1);
    expect((await get(request, token, '/api/order/group_order_list')).count).toBe(0);
    expect((await get(request, token, '/api/order/number')).noPay).toBe(0);
  });

  test('checkout of a full-payment presale asks for the presale agreement without a deposit clause', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await page.goto(`/order_confirm?new=1&cartId=${await depositCartLine(request, token, 1)}`);
    const agree = page.locator('.co-check', { hasText: '预售协议' });
    await expect(agree).toContainText('《预售协议》');
    await expect(agree).not.toContainText('定金');
  });

  test('checkout of a deposit presale says what is paid now and later: deposit and balance per unit, the balance window and shipping', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const cartId = await depositCartLine(request, token);
    await page.goto(`/order_confirm?new=1&cartId=${cartId}`);
    const line = page.locator('[data-presell-line]');
    await expect(line).toContainText(
      /^定金 ¥\d+\.\d{2}\/件，尾款 ¥\d+\.\d{2}\/件（\d{4}-\d{2}-\d{2} 00:00 起支付）；付尾款后 \d+ 天内发货$/,
    );
    const [deposit, balanceEach] = ((await line.textContent())!.match(/¥(\d+\.\d{2})/g) ?? []).map((m) => Number(m.slice(1)));
    const pay = page.locator('[data-summary="pay"]');
    await expect(pay).toHaveText(`¥${(deposit! * 2).toFixed(2)}`);
    await expect(page.getByText('本次应付（定金）')).toBeVisible();
    const balance = page.locator('[data-summary="balance"]');
    await expect(balance).toHaveText(`¥${(balanceEach! * 2).toFixed(2)}`);
    await expect(page.locator('.co-check', { hasText: '预售协议' })).toContainText('预售商品定金支付后不予退还');
    // What the order records once placed is what the page said.
    const { id } = await placeOrder(request, token, [cartId]);
    const placed = (await get(request, token, `/api/order/group_order_detail/${id}`)).orderList[0];
    expect(placed).toMatchObject({
      presell_type: 2,
      pay_price: (deposit! * 2).toFixed(2),
      presellOrder: { pay_price: (balanceEach! * 2).toFixed(2) },
    });
  });

  test('a deposit presale order is on /user/presell_order with its window, deposit and balance', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const orderId = await depositOrder(request, token);
    const order = (await get(request, token, '/api/order/list?status=10')).list[0];
    expect(order).toMatchObject({ order_id: orderId, status: 10, presellOrder: { activeStatus: 0, paid: 0 } });
    expect((await get(request, token, '/api/order/list?status=-2')).count).toBe(0);

    await page.goto('/user/presell_order');
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    await expect(card.locator('[data-state-text]')).toHaveText('未开始');
    await expect(card).toContainText(`尾款支付时间：${order.presellOrder.final_start_time} 至 ${order.presellOrder.final_end_time}`);
    await expect(card).toContainText(`已付定金 ¥${order.presellOrder.deposit_price}`);
    await expect(card.locator('[data-balance]')).toHaveText(`¥${order.presellOrder.pay_price}`);
    await expect(card.getByRole('link', { name: '立即付款' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: '删除' })).toHaveCount(0);
    await card.getByRole('link', { name: '查看详情' }).click();
    await expect(page.getByRole('heading', { name: '订单状态：待付尾款' })).toBeVisible();
    await expect(page.getByText('阶段二：尾款')).toBeVisible();
  });

  test("the order API answers the reference's shapes, keeps orders to their shopper and refuses what it must", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const token = await freshShopper(request);
    const other = await freshShopper(request);
    const { orderIds, groupOrderId } = await paidOrder(request, token, [1]);
    const id = orderIds[0]!;

    const list = await get(request, token, '/api/order/list?status=0&page=1&limit=10');
    expect(list.count).toBe(1);
    expect(Object.keys(list.list[0])).toEqual(
      expect.arrayContaining([
        'order_id',
        'order_sn',
        'group_order_id',
        'create_time',
        'status',
        'order_type',
        'activity_type',
        'paid',
        'pay_type',
        'total_num',
        'total_price',
        'pay_price',
        'pay_postage',
        'mer_id',
        'merchant',
        'orderProduct',
        'presellOrder',
        'delivery_type',
        'delivery_name',
        'delivery_id',
        'verify_code',
      ]),
    );
    expect(list.list[0]).toMatchObject({ order_id: id, group_order_id: groupOrderId, status: 0, paid: 1, pay_type: 6 });
    expect(list.list[0].orderProduct[0]).toMatchObject({
      is_refund: 0,
      is_reply: 0,
      refund_num: 1,
      cart_info: { product: { refund_switch: 1 } },
    });

    const detail = await get(request, token, `/api/order/detail/${id}`);
    expect(detail).toMatchObject({ order_id: id, refund_status: 1, receipt: null, real_name: '赵晓雨' });
    expect(detail.storeOrderStatus.map((t: { change_type: string }) => t.change_type)).toEqual(['create', 'pay_success']);

    // Another shopper's order does not exist for them, whatever they try.
    for (const path of [`/api/order/detail/${id}`]) await refusal(await request.get(path, { headers: bearer(other) }), 404);
    for (const path of [`/api/order/take/${id}`, `/api/order/del/${id}`])
      await refusal(await request.post(path, { headers: bearer(other) }), 404);
    expect((await get(request, other, '/api/order/list')).count).toBe(0);

    // Its own order in the wrong state: a clear refusal, nothing changes.
    expect((await refusal(await request.post(`/api/order/take/${id}`, { headers: bearer(token) }))).message).toBe(
      '未发货的订单不能确认收货',
    );
    expect((await refusal(await request.post(`/api/order/del/${id}`, { headers: bearer(token) }))).message).toBe('订单未完成，不能删除');
    expect((await refusal(await request.get('/api/order/list?status=7', { headers: bearer(token) }))).message).toBe('订单状态不正确');
    await refusal(await request.get('/api/order/list?limit=1000', { headers: bearer(token) }));
    await refusal(await request.get('/api/order/detail/abc', { headers: bearer(token) }));
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await refusal(await visitor.get('/api/order/number'))).message).toBe('请登录');
    await visitor.dispose();
    expect((await get(request, token, `/api/order/detail/${id}`)).status).toBe(0);

    // Buy again (a finished order's button): the order's items become buy-now lines that check out.
    const again = await okBody(
      await request.post('/api/user/cart/again', {
        headers: bearer(token),
        data: {
          data: detail.orderProduct.map((i: { product_id: number; product_attr_unique: string; product_num: number }) => ({
            product_id: i.product_id,
            product_attr_unique: i.product_attr_unique,
            cart_num: i.product_num,
          })),
        },
      }),
    );
    const check = await okBody(
      await request.post('/api/v2/order/check', { headers: bearer(token), data: { cart_id: again.data.cart_id } }),
    );
    expect(check.data.order[0].list[0]).toMatchObject({ product_id: detail.orderProduct[0].product_id, cart_num: 1 });
    expect(check.data.order[0].list[0].productAttr.sku).toBe(detail.orderProduct[0].cart_info.productAttr.sku);
  });

  test("another shopper's order detail page is a 404", async ({ page, context, request, baseURL }) => {
    const owner = await freshShopper(request);
    const { orderIds } = await paidOrder(request, owner, [2]);
    await freshShopper(request, context, baseURL);
    const res = await page.goto(`/order_detail?orderId=${orderIds[0]}`);
    expect(res!.status()).toBe(404);
    expect((await page.goto('/order_detail?orderId=abc'))!.status()).toBe(404);
    expect((await page.goto('/user/order_list?type=1&status=9'))!.status()).toBe(404);
  });
});
