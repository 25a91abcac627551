// The shop's custom order form at checkout (reference checkout item 6) in Chromium: the seeded 礼品定制 form of the
// tea shop's newest product shows on /order_confirm; a missing choice or a bad phone is told under its field and
// places no order; answers survive a re-price; the server's own refusal shows the same way; the answered order is
// paid and its detail page lists the answers. A product without a form shows none. Each test has its own shopper;
// the seeded form is only read.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { addAddress, addLine, bearer, payBySandbox, type Sku, skuOf } from './orders.ts';

const FORM_SHOP = 11;
const merchant = bearer(`mf_demo_mer_${FORM_SHOP}_mallfront`);

/** The seeded form (found through the shop's API) and an in-stock SKU of the product asking for it. */
async function formProduct(api: APIRequestContext): Promise<{ formId: number; sku: Sku }> {
  const forms = (await okBody(await api.get('/api/merchant/form/lst', { headers: merchant }))).data.list as {
    form_id: number;
    name: string;
    product_count: number;
  }[];
  const form = forms.find((f) => f.name === '礼品定制');
  expect(form?.product_count).toBe(1);
  // The seed puts it on the shop's newest normal product.
  const { data } = await okBody(await api.get(`/api/product/spu/merchant/${FORM_SHOP}?limit=50`));
  const ids = (data.list as { product_id: number; product_type: number }[]).filter((p) => p.product_type === 0).map((p) => p.product_id);
  const product_id = Math.max(...ids);
  const detail = (await okBody(await api.get(`/api/store/product/detail/${product_id}`))).data;
  const sku = Object.values(detail.sku as Record<string, { unique: string; stock: number; price: string }>).find((s) => s.stock > 0)!;
  return { formId: form!.form_id, sku: { product_id, unique: sku.unique, price: Number(sku.price) } };
}

const hydrated = (page: Page) => expect(page.locator('astro-island:has(.checkout)')).not.toHaveAttribute('ssr');
const unpaid = async (api: APIRequestContext, token: string) =>
  (await okBody(await api.get('/api/order/group_order_list', { headers: bearer(token) }))).data.count;

test.describe('order form at checkout', () => {
  test('the gift form is asked, checked before submitting, kept across a re-price, and its answers are on the paid order', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    await addAddress(request, token); // a second address to re-price with
    const { formId, sku } = await formProduct(request);
    const line = await addLine(request, token, sku);

    // The API: the check names the form; a create without answers is refused with the field's message.
    const check = (await okBody(await request.post('/api/v2/order/check', { headers: bearer(token), data: { cart_id: [line] } }))).data;
    expect(check.mer_form_id).toBe(formId);
    expect(check.mer_form_info.name).toBe('礼品定制');
    const refused = await refusal(
      await request.post('/api/v2/order/create', { headers: bearer(token), data: { cart_id: [line], key: check.key } }),
    );
    expect(refused.message).toBe('请选择「包装方式」');

    await page.goto(`/order_confirm?cartId=${line}`);
    const form = page.locator('section', { has: page.getByRole('heading', { name: '礼品定制' }) });
    await expect(form).toBeVisible();
    await hydrated(page);
    const packing = form.getByRole('radiogroup', { name: '包装方式' });
    await expect(packing.getByRole('radio')).toHaveCount(3);
    await expect(packing).toHaveAttribute('aria-required', 'true');
    const card = form.getByLabel('贺卡祝福语');
    const phone = form.getByLabel('收礼人电话');
    const date = form.getByLabel('期望送达日期');
    await expect(phone).toHaveAttribute('placeholder', '送礼时由快递联系收礼人');
    await expect(date).toHaveAttribute('type', 'date');

    // Nothing chosen: told so, under the field and in the toast, the first choice focused; no order is placed.
    await card.fill('生日快乐！\n愿你天天开心');
    const submit = page.getByRole('button', { name: '提交订单' });
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('请选择「包装方式」');
    await expect(form.locator('[data-form-field="packing"]').getByRole('alert')).toHaveText('请选择「包装方式」');
    await expect(packing.getByRole('radio', { name: '简约环保包装' })).toBeFocused();
    await expect(page).toHaveURL(/\/order_confirm\?cartId=/);
    expect(await unpaid(request, token)).toBe(0);

    // A wrong phone number: its own message, and choosing clears the packing error.
    await packing.getByRole('radio', { name: '礼盒包装' }).check();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await phone.fill('12345');
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('「收礼人电话」格式不正确');
    await expect(form.locator('[data-form-field="recipient_phone"]').getByRole('alert')).toHaveText('「收礼人电话」格式不正确');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(await unpaid(request, token)).toBe(0);
    // The cart line is still there to check out.
    await okBody(await request.post('/api/v2/order/check', { headers: bearer(token), data: { cart_id: [line] } }));

    // Another address re-prices the checkout; the answers stay.
    const other = page.locator('.co-address').nth(1);
    await other.click();
    await expect(other).toHaveAttribute('aria-pressed', 'true');
    await expect(packing.getByRole('radio', { name: '礼盒包装' })).toBeChecked();
    await expect(card).toHaveValue('生日快乐！\n愿你天天开心');
    await phone.fill('13800138000');
    await date.fill('2030-05-20');
    await page.screenshot({ path: '/tmp/order-form-checkout.png', fullPage: true });

    // The server's refusal shows the same way: an answer altered on its way (not one of the options).
    await page.route('**/api/v2/order/create', (route) => {
      const body = route.request().postDataJSON();
      return route.continue({ postData: JSON.stringify({ ...body, extend: { ...body.extend, packing: '纸袋包装' } }) });
    });
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('「包装方式」的选项不存在');
    await expect(form.locator('[data-form-field="packing"]').getByRole('alert')).toHaveText('「包装方式」的选项不存在');
    expect(await unpaid(request, token)).toBe(0);
    await page.unroute('**/api/v2/order/create');

    await submit.click();
    await expect(page).toHaveURL(/\/payment\?result=\d+$/);
    const groupId = Number(new URL(page.url()).searchParams.get('result'));
    // The unpaid order's page shows the answers under the shop's part.
    await page.goto(`/order_stay_detail?orderId=${groupId}`);
    await expect(page.locator('[data-order-extend="packing"]')).toHaveText(/包装方式\s*礼盒包装/);
    await page
      .locator('[data-order-extend="packing"]')
      .locator('xpath=ancestor::section[1]')
      .screenshot({ path: '/tmp/order-form-stay.png' });
    await payBySandbox(request, token, groupId);
    const orderId = (await okBody(await request.get(`/api/order/group_order_detail/${groupId}`, { headers: bearer(token) }))).data
      .orderList[0].order_id;

    await page.goto(`/order_detail?orderId=${orderId}`);
    const answer = (key: string) => page.locator(`[data-order-extend="${key}"]`);
    await expect(answer('packing')).toHaveText(/包装方式\s*礼盒包装/);
    await expect(answer('card')).toContainText('贺卡祝福语');
    await expect(answer('card').locator('dd')).toHaveText('生日快乐！\n愿你天天开心', { useInnerText: true });
    await expect(answer('recipient_phone')).toHaveText(/收礼人电话\s*13800138000/);
    await expect(answer('deliver_on')).toHaveText(/期望送达日期\s*2030-05-20/);
    await page.locator('.odetail-grid').first().screenshot({ path: '/tmp/order-form-detail.png' });
  });

  test('a product without a form shows no form and places its order without answers', async ({ page, context, request, baseURL }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const { sku: withForm } = await formProduct(request);
    const sku = await skuOf(request, 1, [withForm.product_id], 1);
    const line = await addLine(request, token, sku);

    await page.goto(`/order_confirm?cartId=${line}`);
    await expect(page.getByRole('heading', { name: '商品信息' })).toBeVisible();
    await expect(page.locator('[data-mer-form]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '礼品定制' })).toHaveCount(0);
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveURL(/\/payment\?result=\d+$/);
  });
});
