// After the purchase, end to end in Chromium: a fresh shopper's order, paid through the sandbox gateway, is shipped by
// its merchant through the merchant API; the shopper follows the parcel on /logistics, confirms receipt on the order
// page (points are earned with a ledger line), writes a review with a picture on /evaluation, and the review shows on
// the product page at once. Each test has its own shopper.
import { test, expect, booted, answerConfirm } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { demoToken } from './merchant-cli.ts';
import { bearer, paidOrder } from './orders.ts';
import { photo } from '../helpers/images.ts';

test.describe('after the purchase', () => {
  test('shipped, tracked, received, reviewed with a picture that then shows on the product page', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const token = await freshShopper(request, context, baseURL);
    const { orderIds, skus } = await paidOrder(request, token, [2]);
    const id = orderIds[0]!;
    const pointsBefore = (await okBody(await request.get('/api/user', { headers: bearer(token) }))).data.integral;

    // The merchant ships it by express with its own token.
    await okBody(
      await request.post(`/api/merchant/order/delivery/${id}`, {
        headers: bearer(demoToken(2)),
        data: { delivery_type: 1, delivery_name: '中通快递', delivery_id: 'ZTO7788990011' },
      }),
    );

    // The shopper sees it shipped, follows the parcel, and confirms receipt on the order page.
    await page.goto('/user/order_list?type=1&status=1');
    await expect(page.locator(`[data-order-id="${id}"]`)).toContainText('待收货');
    await page.goto(`/order_detail?orderId=${id}`);
    await expect(page.locator('[data-status-text]')).toHaveText('待收货');
    await page.getByRole('link', { name: '查看物流' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/logistics\\?orderId=${id}$`));
    await expect(page.locator('[data-courier]')).toHaveText('中通快递');
    await expect(page.locator('[data-tracking]')).toHaveText('ZTO7788990011');
    await expect(page.locator('[data-timeline] li').first()).toContainText('已揽收');

    await page.goto(`/order_detail?orderId=${id}`);
    await booted(page);
    await page.getByRole('button', { name: '确认收货' }).click();
    await answerConfirm(page, '确认已经收到商品了吗？');
    await expect(page.getByRole('status').filter({ hasText: '已确认收货' })).toBeVisible();
    await expect(page.locator('[data-status-text]')).toHaveText('待评价');
    const me = (await okBody(await request.get('/api/user', { headers: bearer(token) }))).data;
    const detail = (await okBody(await request.get(`/api/order/detail/${id}`, { headers: bearer(token) }))).data;
    // One point per yuan paid (order_give_integral 1), once.
    expect(me.integral - pointsBefore).toBe(Math.floor(Number(detail.pay_price)));

    // The review, with a picture, from the order page's 评价 link.
    await page.getByRole('link', { name: '评价', exact: true }).first().click();
    await expect(page).toHaveURL(/\/evaluation\?unique=\d+&order_id=\d+/);
    // The form's island hydrates at load; a file chosen before it answers would not be seen by it.
    await expect(page.locator('[data-review-form][data-ready]')).toBeVisible();
    await page.locator('[data-rating="product_score"] label').nth(3).click();
    // Sent empty: the message, and the cursor in the box to fill.
    const box = page.getByLabel('评价内容');
    await page.getByRole('button', { name: '提交评价' }).click();
    await expect(page.getByRole('alert')).toHaveText('请填写评价内容');
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    const comment = `包装完好，物流很快，和描述一致，推荐购买。编号${id}-${Date.now() % 100000}`;
    await box.fill(comment);
    await expect(box).not.toHaveAttribute('aria-invalid');
    await page.locator('input[type="file"]').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg') });
    await expect(page.locator('[data-review-form] [data-uploaded]')).toHaveCount(1);
    await page.getByRole('button', { name: '提交评价' }).click();
    await expect(page).toHaveURL(new RegExp(`/order_detail\\?orderId=${id}`));
    await expect(page.locator('[data-status-text]')).toHaveText('已完成');

    // The product page shows it at once, with its picture.
    await page.goto(`/goods_detail/${skus[0]!.product_id}#reviews`);
    const review = page.locator('[data-review-list] li', { hasText: comment });
    await expect(review).toBeVisible();
    await expect(review.locator('img[alt*="晒图"]')).toHaveAttribute('src', /^\/media\//);
  });
});
