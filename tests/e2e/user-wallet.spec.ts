// My balance and my points, end to end in Chromium: a fresh shopper topped up by the operator pays an order from the
// balance and finds both ledger rows under the right tabs with the right totals on /user/balance; another fresh
// shopper's order is shipped and received, and /user/integral shows the points it gave (frozen until then) and the
// points rules. The demo member's pages render. Each test that changes money has its own shopper.
import { mkdirSync } from 'node:fs';
import { test, expect, signIn } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { addAddress, addLine, bearer, paidOrder, placeOrder, skuOf } from './orders.ts';
import { fundShopper } from './operator.ts';

const SHOTS = '/tmp/shots-ledger';
mkdirSync(SHOTS, { recursive: true });
const demoToken = (merId: number) => `mf_demo_mer_${merId}_mallfront`;

test.describe('my balance and my points', () => {
  test('an operator top-up and a balance payment show under the right tabs with the right totals', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await addAddress(request, token);
    const sku = await skuOf(request, 1, [], 1);
    const { id, pay } = await placeOrder(request, token, [await addLine(request, token, sku, 1)]);
    const topped = (Math.round(Number(pay) * 100) + 12_345) / 100;
    await fundShopper(request, token, topped);
    expect(
      (await okBody(await request.post(`/api/order/pay/${id}`, { headers: bearer(token), data: { type: 'balance' } }))).data.status,
    ).toBe('success');

    await page.goto('/user/balance');
    await expect(page.locator('h1')).toHaveText('我的余额');
    await expect(page.locator('[data-figure="now_money"]')).toHaveText('123.45');
    await expect(page.locator('[data-figure="total_recharge"]')).toHaveText(topped.toFixed(2));
    await expect(page.locator('[data-figure="total_consume"]')).toHaveText(pay);
    const rows = page.locator('.wallet-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('购买商品');
    await expect(rows.nth(0).locator('[data-amount]')).toHaveText(`-¥${pay}`);
    await expect(rows.nth(1)).toContainText('系统增加余额');
    await expect(rows.nth(1).locator('[data-amount]')).toHaveText(`+¥${topped.toFixed(2)}`);
    await expect(page.locator('.wallet-month__title').first()).toHaveText(/^\d{4}年\d{2}月$/);
    await page.screenshot({ path: `${SHOTS}/balance-all.png`, fullPage: true });

    await page.getByRole('link', { name: '收入', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/balance\?type=2$/);
    await expect(page.locator('[data-tab="2"]')).toHaveAttribute('aria-current', 'page');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('系统增加余额');
    await page.getByRole('link', { name: '支出', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/balance\?type=1$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('购买商品');

    // The API the page reads, as the reference's clients call it.
    const income = (await okBody(await request.get('/api/user/bill?type=2', { headers: bearer(token) }))).data;
    expect(income).toMatchObject({ count: 1, list: [{ pm: 1, title: '系统增加余额', number: topped.toFixed(2), status: 1 }] });
    expect(income.list[0].time).toBe(income.list[0].create_time.slice(0, 7));
    expect((await refusal(await request.get('/api/user/bill?type=5', { headers: bearer(token) }))).message).toBe('类型格式不正确');
  });

  test('points are frozen until the order is received, then shown with their row; the rules open in place', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const token = await freshShopper(request, context, baseURL);
    const { orderIds } = await paidOrder(request, token, [2]);
    const id = orderIds[0]!;
    const detail = (await okBody(await request.get(`/api/order/detail/${id}`, { headers: bearer(token) }))).data;
    const points = Math.floor(Number(detail.pay_price)); // order_give_integral 1 a yuan

    await page.goto('/user/integral');
    await expect(page.locator('[data-figure="integral"]')).toHaveText('0');
    await expect(page.locator('[data-figure="lockIntegral"]')).toHaveText(String(points));
    await expect(page.getByText('暂无积分明细')).toBeVisible();

    await okBody(
      await request.post(`/api/merchant/order/delivery/${id}`, {
        headers: bearer(demoToken(2)),
        data: { delivery_type: 1, delivery_name: '中通快递', delivery_id: `ZTO${id}${Date.now() % 100000}` },
      }),
    );
    await okBody(await request.post(`/api/order/take/${id}`, { headers: bearer(token) }));

    await page.reload();
    await expect(page.locator('[data-figure="integral"]')).toHaveText(String(points));
    await expect(page.locator('[data-figure="totalGainIntegral"]')).toHaveText(String(points));
    await expect(page.locator('[data-figure="deductionIntegral"]')).toHaveText('0');
    await expect(page.locator('[data-figure="lockIntegral"]')).toHaveText('0');
    const row = page.locator('.wallet-row');
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText('确认收货赠送积分');
    await expect(row.first().locator('[data-amount]')).toHaveText(`+${points}`);

    await page.getByText('积分规则', { exact: true }).first().click();
    await expect(page.locator('.wallet-rules__body')).toContainText('到期较早的积分会先被使用');
    await page.screenshot({ path: `${SHOTS}/integral-rules.png`, fullPage: true });
    // Without a script too: the rules have their own page.
    await page.getByRole('link', { name: '在新页面查看积分规则' }).click();
    await expect(page.locator('h1')).toHaveText('积分规则');

    const info = (await okBody(await request.get('/api/user/integral/info', { headers: bearer(token) }))).data;
    expect(info).toMatchObject({ integral: points, totalGainIntegral: points, deductionIntegral: 0, lockIntegral: 0 });
    const lst = (await okBody(await request.get('/api/user/integral/lst', { headers: bearer(token) }))).data;
    expect(lst).toMatchObject({ count: 1, list: [{ pm: 1, number: points, title: '确认收货赠送积分' }] });
  });

  test('the demo member’s balance and points pages render', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'member');
    await page.goto('/user/balance');
    await expect(page.locator('[data-figure="now_money"]')).toHaveText(/^\d+\.\d{2}$/);
    await expect(page.locator('.wallet-row').first()).toBeVisible();
    await expect(page.getByRole('complementary', { name: '个人中心菜单' }).getByRole('link', { name: '我的余额' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.screenshot({ path: `${SHOTS}/balance-member.png`, fullPage: true });
    await page.goto('/user/integral');
    await expect(page.locator('[data-figure="integral"]')).toHaveText(/^\d+$/);
    await expect(page.locator('.wallet-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/integral-member.png`, fullPage: true });
    // A tab that does not exist fails validation, a 404 page, not a 500 (a bare number is the reference's menu index: the first tab).
    expect((await page.goto('/user/balance?type=spending'))!.status()).toBe(404);
  });
});
