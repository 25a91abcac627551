// Invoices (#14) end to end: a fresh shopper saves a company invoice title on /user/invoice_list, picks it at
// checkout, pays, and sees the invoice not issued; the merchant issues it through the merchant API with its demo
// token; the shopper then sees it issued, with the number and the file, in the detail view. Its own shopper only.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { addAddress, addLine, bearer, paidOrder, payBySandbox, skuOf } from './orders.ts';

const merchant = (merId: number) => bearer(`mf_demo_mer_${merId}_mallfront`);

/**
 * The shopper asks for a refund of `num` of the order's first item, `share` of the most it may get back (1: all), and
 * shop 1 approves it. Answers what was refunded, in yuan.
 */
async function refundFirstItem(api: APIRequestContext, token: string, orderId: number, share: number, num?: number): Promise<number> {
  const order = (await okBody(await api.get(`/api/order/detail/${orderId}`, { headers: bearer(token) }))).data;
  const item = order.orderProduct[0];
  const most = (
    await okBody(await api.get(`/api/refund/product/${orderId}?ids=${item.order_product_id}&type=1`, { headers: bearer(token) }))
  ).data;
  const reasons = (await okBody(await api.get('/api/common/refund_message'))).data as string[];
  const price = share === 1 ? Number(most.total_refund_price) : Number((Number(most.total_refund_price) * share).toFixed(2));
  const refund = (
    await okBody(
      await api.post(`/api/refund/apply/${orderId}`, {
        headers: bearer(token),
        data: {
          type: 1,
          refund_type: 1,
          num: num ?? item.refund_num,
          ids: String(item.order_product_id),
          refund_message: reasons[0],
          mark: '',
          refund_price: price,
          phone: '13612345678',
        },
      }),
    )
  ).data;
  await okBody(await api.post(`/api/merchant/refund/approve/${refund.refund_order_id}`, { headers: merchant(1) }));
  return price;
}
/** Tencent's unified social credit code (a real, valid one). */
const TAX_ID = '9144030071526726XG';
const TITLE = '深圳市腾讯计算机系统有限公司';

test('a saved company title is picked at checkout, and the invoice the merchant issues shows its number and file', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await freshShopper(request, context, baseURL);
  await addAddress(request, token);
  const cartId = await addLine(request, token, await skuOf(request, 1, [], 1), 1);

  // Save a company title; a wrong check character is refused with the schema's message first.
  await page.goto('/user/invoice_list');
  await expect(page.getByRole('heading', { name: '我的发票' })).toBeVisible();
  await page.getByRole('button', { name: '新增发票抬头' }).click();
  const form = page.getByRole('form', { name: '新增发票抬头' });
  await form.getByLabel('企业').check();
  await form.getByLabel('单位名称').fill(TITLE);
  await form.getByLabel('纳税人识别号').fill('9144030071526726XH');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('纳税人识别号格式不正确');
  await form.getByLabel('纳税人识别号').fill(TAX_ID.toLowerCase());
  await form.getByRole('button', { name: '保存' }).click();
  const card = page.locator('.invoice-title', { hasText: TITLE });
  await expect(card).toContainText(`税号：${TAX_ID}`);
  await expect(card).toContainText('普通电子发票 · 企业');

  // Checkout: ask for a normal e-invoice and fill it from the saved title.
  await page.goto(`/order_confirm?cartId=${cartId}`);
  await expect(page.locator('astro-island:has(.checkout)')).not.toHaveAttribute('ssr');
  await page.locator('[data-invoice-kind="1"]').selectOption('1');
  await page.getByLabel('已保存的抬头').selectOption({ label: TITLE });
  await expect(page.getByLabel('单位名称')).toHaveValue(TITLE);
  await expect(page.getByLabel('纳税人识别号')).toHaveValue(TAX_ID);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/payment\?result=\d+/);
  const groupOrderId = Number(new URL(page.url()).searchParams.get('result'));
  await payBySandbox(request, token, groupOrderId);

  // Not issued yet: in 全部 and 未开票, not in 已开票.
  await page.goto('/user/invoice_list');
  const row = page.locator('tr[data-invoice]').first();
  await expect(row).toContainText(TITLE);
  await expect(row).toContainText('普通电子发票');
  await expect(row.locator('[data-status-text]')).toHaveText('未开票');
  await page.getByRole('link', { name: '已开票' }).click();
  await expect(page.locator('tr[data-invoice]')).toHaveCount(0);
  await expect(page.getByText('暂无已开票的发票')).toBeVisible();

  // The merchant finds it and issues it once; a link that is not http(s) is refused.
  const own = (await okBody(await request.get('/api/user/receipt/order', { headers: bearer(token) }))).data;
  expect(own.count).toBe(1);
  const id = own.list[0].order_receipt_id as number;
  const invoices = (await okBody(await request.get('/api/merchant/receipt?status=0&limit=100', { headers: merchant(1) }))).data;
  expect(invoices.list.find((x: { order_receipt_id: number }) => x.order_receipt_id === id)?.receipt_info).toMatchObject({
    receipt_title: TITLE,
    duty_paragraph: TAX_ID,
  });
  const sn = `2444200000${String(id).padStart(10, '0')}`;
  const url = `https://invoice.example.com/${sn}.pdf`;
  await refusal(
    await request.post(`/api/merchant/receipt/${id}`, {
      headers: merchant(1),
      data: { status: 1, receipt_sn: sn, receipt_url: 'ftp://x/y.pdf' },
    }),
  );
  await refusal(await request.post(`/api/merchant/receipt/${id}`, { headers: merchant(2), data: { status: 1, receipt_sn: sn } }), 404);
  const issued = await okBody(
    await request.post(`/api/merchant/receipt/${id}`, { headers: merchant(1), data: { status: 1, receipt_sn: sn, receipt_url: url } }),
  );
  expect(issued.data).toMatchObject({ status: 1, receipt_sn: sn });
  await refusal(await request.post(`/api/merchant/receipt/${id}`, { headers: merchant(1), data: { status: 1, receipt_sn: sn } }));

  // The shopper sees it issued, and its number and file in the detail view; another shopper gets a 404.
  await page.goto('/user/invoice_list?status=1');
  const issuedRow = page.locator(`tr[data-invoice="${id}"]`);
  await expect(issuedRow.locator('[data-status-text]')).toHaveText('已开票');
  await issuedRow.getByRole('link', { name: /查看.*发票详情/ }).click();
  const detail = page.locator(`[data-invoice-detail="${id}"]`);
  await expect(detail.locator('[data-receipt-sn]')).toHaveText(sn);
  await expect(detail.locator('[data-receipt-url]')).toHaveAttribute('href', url);
  await expect(detail).toContainText(TAX_ID);
  await expect(detail).toContainText('已开票');
  const one = (await okBody(await request.get(`/api/user/receipt/order/${id}`, { headers: bearer(token) }))).data;
  expect(one.storeOrder.orderProduct[0].cart_info.product.store_name).toEqual(expect.any(String));
  const stranger = await freshShopper(request);
  await refusal(await request.get(`/api/user/receipt/order/${id}`, { headers: bearer(stranger) }), 404);

  // The page itself: an unknown tab fails validation and an invoice that is not the shopper's is unknown: both 404.
  expect((await page.goto('/user/invoice_list?status=5'))?.status()).toBe(404);
  expect((await page.goto('/user/invoice_list?id=2147483647'))?.status()).toBe(404);
});

test('an invoice asked for after payment, from the order list, starts from the default title and shows on the order', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await freshShopper(request, context, baseURL);
  await okBody(
    await request.post('/api/user/receipt/create', {
      headers: bearer(token),
      data: { receipt_type: 1, receipt_title_type: 2, receipt_title: TITLE, duty_paragraph: TAX_ID, is_default: 1 },
    }),
  );
  const { orderIds } = await paidOrder(request, token);
  const orderId = orderIds[0]!;

  await page.goto('/user/order_list?type=1');
  const card = page.locator(`.ocard[data-order-id="${orderId}"]`);
  await card.getByRole('button', { name: '申请发票' }).click();
  const form = page.getByRole('form', { name: '申请发票' });
  await expect(form.getByLabel('单位名称')).toHaveValue(TITLE);
  await expect(form.getByLabel('纳税人识别号')).toHaveValue(TAX_ID);
  // The form checks as the server does; the e-mail is the shopper's own addition.
  await form.getByLabel('收票邮箱').fill('not-an-email');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByRole('alert')).toContainText('邮箱');
  await form.getByLabel('收票邮箱').fill('finance@example.com');
  await form.getByRole('button', { name: '提交申请' }).click();
  // The page comes back without the button, and the order shows the invoice.
  await expect(card.getByRole('button', { name: '申请发票' })).toHaveCount(0);
  await page.goto(`/order_detail?orderId=${orderId}`);
  const shown = page.locator('[data-receipt]');
  await expect(shown).toContainText(TITLE);
  await expect(shown).toContainText(TAX_ID);
  await expect(shown).toContainText('finance@example.com');
  await expect(shown.locator('[data-receipt-state]')).toContainText('未开票');
  await expect(page.getByRole('button', { name: '申请发票' })).toHaveCount(0);

  // Asked once: a second request is refused; another shopper's order is a 404; the invoice list has it, not issued.
  const body = { receipt_type: 1, receipt_title_type: 1, receipt_title: '张三' };
  expect((await refusal(await request.post(`/api/order/receipt/${orderId}`, { headers: bearer(token), data: body }))).message).toBe(
    '该订单已申请发票，请勿重复申请',
  );
  const stranger = await freshShopper(request);
  await refusal(await request.post(`/api/order/receipt/${orderId}`, { headers: bearer(stranger), data: body }), 404);
  const own = (await okBody(await request.get('/api/user/receipt/order', { headers: bearer(token) }))).data;
  expect(own.list.map((x: { order_id: number; status: number }) => [x.order_id, x.status])).toEqual([[orderId, 0]]);
});

test('a refund after the invoice was issued shows as waiting for correction, then the red-letter invoice and the new one', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await freshShopper(request, context, baseURL);
  const { orderIds } = await paidOrder(request, token, [1], 2);
  const orderId = orderIds[0]!;
  await okBody(
    await request.post(`/api/order/receipt/${orderId}`, {
      headers: bearer(token),
      data: { receipt_type: 1, receipt_title_type: 2, receipt_title: TITLE, duty_paragraph: TAX_ID },
    }),
  );
  const id = (await okBody(await request.get('/api/user/receipt/order', { headers: bearer(token) }))).data.list[0]
    .order_receipt_id as number;
  const sn = `2444200000${String(id).padStart(10, '0')}`;
  const issued = (
    await okBody(await request.post(`/api/merchant/receipt/${id}`, { headers: merchant(1), data: { status: 1, receipt_sn: sn } }))
  ).data;
  const paid = Number(issued.receipt_price);
  // Nothing to correct yet.
  expect(
    (await refusal(await request.post(`/api/merchant/receipt/correct/${id}`, { headers: merchant(1), data: { red_sn: '00000001' } })))
      .message,
  ).toBe('该发票没有需要红冲的退款');

  // The shopper gets one of the two pieces refunded, for half of what may come back.
  const refundPrice = await refundFirstItem(request, token, orderId, 0.5, 1);

  // Issued, and waiting for the merchant's correction: on the order, in the list and in the detail.
  const left = (paid - refundPrice).toFixed(2);
  await page.goto(`/order_detail?orderId=${orderId}`);
  await expect(page.locator('[data-receipt-state]')).toContainText('已开票（退款后待红冲重开）');
  await page.goto('/user/invoice_list');
  const row = page.locator(`tr[data-invoice="${id}"]`);
  await expect(row.locator('[data-status-text]')).toHaveText('已开票');
  await expect(row.locator('[data-correct-text]')).toHaveText('退款后待红冲重开');
  await row.getByRole('link', { name: /查看.*发票详情/ }).click();
  const detail = page.locator(`[data-invoice-detail="${id}"]`);
  await expect(detail.locator('[data-invoice-correct]')).toHaveText(
    `已退款 ¥${refundPrice.toFixed(2)}，商家将红冲原发票，并按 ¥${left} 重新开具`,
  );

  // The merchant finds it among those to correct and corrects it once.
  const toCorrect = (await okBody(await request.get('/api/merchant/receipt?correct=1&limit=100', { headers: merchant(1) }))).data;
  expect(toCorrect.list.find((x: { order_receipt_id: number }) => x.order_receipt_id === id)).toMatchObject({
    refund_price: refundPrice.toFixed(2),
    correct_price: left,
  });
  expect(
    (await refusal(await request.post(`/api/merchant/receipt/correct/${id}`, { headers: merchant(1), data: { red_sn: '00000001' } })))
      .message,
  ).toBe('退款后仍有开票金额，请填写新发票号码');
  await refusal(
    await request.post(`/api/merchant/receipt/correct/${id}`, {
      headers: merchant(2),
      data: { red_sn: '00000001', receipt_sn: '12345678' },
    }),
    404,
  );
  const newSn = `2444300000${String(id).padStart(10, '0')}`;
  const corrected = await okBody(
    await request.post(`/api/merchant/receipt/correct/${id}`, { headers: merchant(1), data: { red_sn: '00000001', receipt_sn: newSn } }),
  );
  expect(corrected.message).toBe('红冲重开成功');
  expect(corrected.data).toMatchObject({ receipt_price: left, receipt_sn: newSn, correct_status: 2, red_sn: '00000001' });

  await page.reload();
  await expect(row.locator('[data-correct-text]')).toHaveText('已红冲重开');
  await expect(row).toContainText(`¥${left}`);
  await expect(detail.locator('[data-receipt-sn]')).toHaveText(newSn);
  await expect(detail.locator('[data-red-sn]')).toHaveText(`00000001（冲销 ¥${paid.toFixed(2)}）`);
  await expect(detail.locator('[data-invoice-correct]')).toHaveCount(0);
});

test('an order refunded in full before its invoice was issued shows the request withdrawn and nothing to ship', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await freshShopper(request, context, baseURL);
  const { orderIds } = await paidOrder(request, token);
  const orderId = orderIds[0]!;
  await okBody(
    await request.post(`/api/order/receipt/${orderId}`, {
      headers: bearer(token),
      data: { receipt_type: 1, receipt_title_type: 1, receipt_title: '张三' },
    }),
  );
  await refundFirstItem(request, token, orderId, 1);

  await page.goto(`/order_detail?orderId=${orderId}`);
  await expect(page.locator('[data-order-status]')).toContainText('订单已退款');
  await expect(page.locator('[data-delivery-state]')).toHaveText('未发货（订单已退款）');
  await expect(page.locator('[data-receipt-withdrawn]')).toHaveText('订单已全额退款，发票申请已取消');
  await expect(page.locator('[data-receipt]')).toHaveCount(0);
  expect((await okBody(await request.get(`/api/order/detail/${orderId}`, { headers: bearer(token) }))).data.receipt_state).toBeNull();
});
