// After-sales from request to money back (#13), both sides: the shopper asks through the API the pages use, the
// merchant answers through the merchant API with its demo token, and the shopper sees the outcome in Chromium. A
// refund-only request on a balance-paid order puts the money back on the balance at once; a return goes through the
// return shipment and the merchant's receipt; a refused request shows the merchant's reason. Each test has its own
// shopper; balance comes from the operator API (tests/e2e/operator.ts).
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { addAddress, addLine, bearer, paidOrder, placeOrder, skuOf } from './orders.ts';
import { fundShopper } from './operator.ts';

const merchant = (merId: number) => bearer(`mf_demo_mer_${merId}_mallfront`);

const nowMoney = async (api: APIRequestContext, token: string) =>
  Number((await okBody(await api.get('/api/user', { headers: bearer(token) }))).data.now_money);

/** A fresh shopper's order (of `n` units) of merchant `merId` paid by balance (funded by the operator); its store order and first item. */
async function balanceOrder(api: APIRequestContext, token: string, merId: number, n = 1) {
  await fundShopper(api, token, 5000);
  await addAddress(api, token);
  const sku = await skuOf(api, merId, [], 1);
  const { id } = await placeOrder(api, token, [await addLine(api, token, sku, n)]);
  await okBody(await api.post(`/api/order/pay/${id}`, { headers: bearer(token), data: { type: 'balance' } }));
  const group = (await okBody(await api.get(`/api/order/group_order_detail/${id}`, { headers: bearer(token) }))).data;
  const order = group.orderList[0];
  return { orderId: order.order_id as number, itemId: order.orderProduct[0].order_product_id as number };
}

async function apply(api: APIRequestContext, token: string, orderId: number, itemId: number, refundType: 1 | 2) {
  const most = (await okBody(await api.get(`/api/refund/product/${orderId}?ids=${itemId}&type=1`, { headers: bearer(token) }))).data;
  const reasons = (await okBody(await api.get('/api/common/refund_message'))).data as string[];
  const body = {
    type: 1,
    refund_type: refundType,
    num: 1,
    ids: String(itemId),
    refund_message: reasons[0],
    mark: '不想要了',
    // At most what one of the item's units paid (`max_by_num[n - 1]` for n units).
    refund_price: most.max_by_num[0],
    phone: '13612345678',
  };
  const res = (await okBody(await api.post(`/api/refund/apply/${orderId}`, { headers: bearer(token), data: body }))).data;
  return { id: res.refund_order_id as number, price: Number(most.max_by_num[0]) };
}

test.describe('after-sales, request to money back', () => {
  test('the merchant command line shows what refunds do to an order: under way, then refunded in part', async ({ request, baseURL }) => {
    test.setTimeout(90_000);
    const token = await freshShopper(request);
    const { orderId, itemId } = await balanceOrder(request, token, 1, 2);
    const { id } = await apply(request, token, orderId, itemId, 1);
    const cli = merchantCli(baseURL!, 'mf_demo_mer_1_mallfront');
    // So the merchant does not pack two: one of the two is asked back.
    expect(await cli('detail', String(orderId))).toMatch(/×2 {2}¥\d+\.\d\d {2}【售后处理中，涉及 1 件】/);
    const asked = await cli('refunds', '0', '--limit', '50');
    expect(asked).toMatch(new RegExp(`#${id}  [^\\n]*\\n {4}原因：[^\\n]*买家电话：13612345678`));
    // One request, with when the mall answers it for a shop that does not.
    const one = await cli('refund', String(id));
    expect(one).toMatch(new RegExp(`#${id}  `));
    expect(one).toMatch(/若 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 前未处理，系统将自动同意申请/);
    await okBody(await request.post(`/api/merchant/refund/approve/${id}`, { headers: merchant(1) }));
    expect(await cli('detail', String(orderId))).toContain('【已退 1 件，余 1 件】');
  });

  test('a refund-only request approved by the merchant puts the money back on the balance once, and the order shows it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId, itemId } = await balanceOrder(request, token, 1);
    const before = await nowMoney(request, token);
    const { id, price } = await apply(request, token, orderId, itemId, 1);

    // The merchant sees it and approves it; approving again is refused and pays nothing twice.
    const list = (await okBody(await request.get('/api/merchant/refund/lst?status=0&limit=50', { headers: merchant(1) }))).data;
    expect(list.list.some((r: { refund_order_id: number }) => r.refund_order_id === id)).toBe(true);
    await okBody(await request.post(`/api/merchant/refund/approve/${id}`, { headers: merchant(1) }));
    await refusal(await request.post(`/api/merchant/refund/approve/${id}`, { headers: merchant(1) }));
    await refusal(await request.post(`/api/merchant/refund/approve/${id}`, { headers: merchant(2) }), 404);
    await expect.poll(() => nowMoney(request, token)).toBeCloseTo(before + price, 2);

    await page.goto(`/refund_detail?id=${id}`);
    await expect(page.locator('[data-refund-status]')).toHaveAttribute('data-refund-status', '3');
    await page.goto(`/order_detail?orderId=${orderId}`);
    await expect(page.locator('[data-status-text]')).toHaveText('已退款');
    expect(await nowMoney(request, token)).toBeCloseTo(before + price, 2);
  });

  test('a shop that cannot send an order refunds it from its command line: the shopper sees the money back and why', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderId } = await balanceOrder(request, token, 1, 2);
    const before = await nowMoney(request, token);
    const paid = Number((await okBody(await request.get(`/api/order/detail/${orderId}`, { headers: bearer(token) }))).data.pay_price);
    const cli = merchantCli(baseURL!, 'mf_demo_mer_1_mallfront');
    const out = await cli('refund-order', String(orderId), '商品缺货，非常抱歉');
    expect(out).toContain('退款成功');
    expect(out).toMatch(/\[已退款\] {2}仅退款 {2}2件 ¥\d+\.\d\d/);
    // Again: nothing is left to give back.
    expect(await cli('refund-order', String(orderId), '再退一次').catch((e: Error) => e.message)).toContain('订单已全部退款');
    await expect.poll(() => nowMoney(request, token)).toBeCloseTo(before + paid, 2);

    await page.goto(`/order_detail?orderId=${orderId}`);
    await expect(page.locator('[data-status-text]')).toHaveText('已退款');
    await expect(page.getByText('商家主动退款：商品缺货，非常抱歉')).toBeVisible();
    // The shop's statement has today's refunds and orders.
    const statement = await cli('finance');
    expect(statement).toMatch(/^\d{4}-\d\d-\d\d 至 \d{4}-\d\d-\d\d$/m);
    expect(statement).toMatch(
      /^\d{4}-\d\d-\d\d {2}订单 \d+ 笔 ¥\d+\.\d\d {2}尾款 ¥\d+\.\d\d {2}退款 [1-9]\d* 笔 ¥\d+\.\d\d {2}净收入 ¥-?\d+\.\d\d$/m,
    );
    expect(statement).toMatch(/^合计/m);
  });

  test('a return: approved with the shop address, shipped back by the shopper, received by the merchant, refunded', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderIds } = await paidOrder(request, token, [3]);
    const orderId = orderIds[0]!;
    await okBody(
      await request.post(`/api/merchant/order/delivery/${orderId}`, {
        headers: merchant(3),
        data: { delivery_type: 1, delivery_name: '圆通速递', delivery_id: 'YT5566778899' },
      }),
    );
    const detail = (await okBody(await request.get(`/api/order/detail/${orderId}`, { headers: bearer(token) }))).data;
    const { id } = await apply(request, token, orderId, detail.orderProduct[0].order_product_id, 2);

    // Receipt before the goods are shipped back is refused; approval asks the shopper to ship them to the shop.
    await refusal(await request.post(`/api/merchant/refund/receive/${id}`, { headers: merchant(3) }));
    await okBody(await request.post(`/api/merchant/refund/approve/${id}`, { headers: merchant(3) }));
    await page.goto(`/refund_detail?id=${id}`);
    await expect(page.locator('[data-refund-status]')).toHaveAttribute('data-refund-status', '1');
    // Until when the goods may be sent back (refund_return_days, 7 by default, after the approval).
    const { return_end_time: until } = (await okBody(await request.get(`/api/refund/detail/${id}`, { headers: bearer(token) }))).data;
    expect(new Date(`${until.replace(' ', 'T')}+08:00`).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await expect(page.locator('[data-return-end-time]')).toHaveText(`请在 ${until} 前寄回商品并填写退货物流，逾期售后申请将自动关闭`);
    await page
      .getByRole('link', { name: /退货发货|填写退货物流/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/refund_goods\\?id=${id}`));

    await okBody(
      await request.post(`/api/refund/back_goods/${id}`, {
        headers: bearer(token),
        data: { delivery_type: '顺丰速运', delivery_id: 'SF9988776655', delivery_phone: '13612345678' },
      }),
    );
    // The return parcel's page: courier, number, and products recommended under it (the reference's spu/recommend).
    await page.goto(`/refund_logistics?orderId=${id}`);
    await expect(page.locator('[data-tracking]')).toHaveText('SF9988776655');
    const reco = page.getByRole('region', { name: '为你推荐' });
    await expect(reco.locator('[data-product-id]')).toHaveCount(4);
    await expect(reco.getByRole('link').first()).toHaveAttribute('href', /^\/goods_detail\/\d+$/);
    await okBody(await request.post(`/api/merchant/refund/receive/${id}`, { headers: merchant(3) }));
    const done = (await okBody(await request.get(`/api/refund/detail/${id}`, { headers: bearer(token) }))).data;
    expect(done).toMatchObject({ status: 3, delivery_id: 'SF9988776655' });
    // Paid through the sandbox gateway: the money goes back there.
    await expect
      .poll(async () => (await okBody(await request.get(`/api/refund/detail/${id}`, { headers: bearer(token) }))).data.money_state)
      .toBe('done');
  });

  test('a refused request shows the merchant’s reason, and the item can be asked for again', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { orderIds } = await paidOrder(request, token, [2]);
    const detail = (await okBody(await request.get(`/api/order/detail/${orderIds[0]}`, { headers: bearer(token) }))).data;
    const itemId = detail.orderProduct[0].order_product_id;
    const { id } = await apply(request, token, orderIds[0]!, itemId, 1);
    await okBody(
      await request.post(`/api/merchant/refund/refuse/${id}`, {
        headers: merchant(2),
        data: { fail_message: '商品已发出，请收货后再申请' },
      }),
    );
    await page.goto(`/refund_detail?id=${id}`);
    await expect(page.locator('[data-refund-status]')).toHaveAttribute('data-refund-status', '-1');
    await expect(page.getByText('商品已发出，请收货后再申请')).toBeVisible();
    const again = (await okBody(await request.get(`/api/order/detail/${orderIds[0]}`, { headers: bearer(token) }))).data;
    expect(again.orderProduct[0]).toMatchObject({ is_refund: 0, refund_num: 1 });
  });
});
