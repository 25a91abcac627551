// The demo mall's deposit presale in its balance window, as its demo member sees it: the presale's page and 预售订单
// show the booking with its deposit paid, 立即付款 pays the balance by balance, and the order goes on to 待发货.
// Paying changes the member's orders, so this runs the built server on a freshly seeded database of its own.
import { test, expect } from './fixtures.ts';
import { SESSION_COOKIE } from './accounts.ts';
import { withOwnMall } from './spawn-server.ts';
import { createSession } from '../../src/server/services/session/sessions.ts';
import { HISTORY_UID } from '../../src/server/db/seed/history.ts';
import { BALANCE_PRESELL_ID } from '../../src/server/db/seed/catalogue-promotions.ts';

test.describe("the demo member's presale balance", () => {
  test.describe.configure({ timeout: 120_000 });

  test('waits under 预售订单 in its window and is paid from 立即付款; the order then waits to ship', async ({ browser }) => {
    await withOwnMall(
      'presale',
      async (db) => (await createSession(db, HISTORY_UID)).token,
      async (baseURL, token) => {
        const context = await browser.newContext({ baseURL });
        await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
        const page = await context.newPage();

        // The presale itself: its deposit phase is over and the balance step is the current one.
        await page.goto(`/goods_presell_detail/${BALANCE_PRESELL_ID}`);
        await expect(page.getByRole('list', { name: '预售流程' }).locator('[aria-current="step"]')).toContainText('付尾款');
        // The page is the one visitors get; the member's booking shows on its balance step, with the way to pay.
        const mine = page.locator('[data-presell-mine]');
        const pay = mine.getByRole('link', { name: '已付定金，去支付 ›' });
        await expect(pay).toBeVisible();
        await expect(mine.getByRole('link', { name: '已付定金 ›' })).toBeHidden();
        const payHref = await pay.getAttribute('href');

        await page.goto('/user/presell_order');
        const card = page.locator('article[data-presell-state="1"]');
        await expect(card).toHaveCount(1);
        await expect(card.locator('[data-state-text]')).toHaveText('待付尾款');
        await expect(card).toContainText('已付定金 ¥');
        const balance = (await card.locator('[data-balance]').innerText()).trim();
        expect(balance).toMatch(/^¥\d+\.\d{2}$/);
        const orderId = await card.getAttribute('data-order-id');
        expect(payHref).toBe(`/payment?result=${orderId}&type=2`);

        await card.getByRole('link', { name: '立即付款' }).click();
        await expect(page).toHaveURL(new RegExp(`/payment\\?result=${orderId}&type=2$`));
        await expect(page.locator('[data-pay-price]')).toContainText(balance.slice(1));
        // A window of weeks counts down in days, not hundreds of hours.
        await expect(page.getByRole('timer')).toHaveText(/^\d+天 \d\d:\d\d:\d\d$/);
        await page.getByRole('radio', { name: /余额支付/ }).check();
        await page.getByRole('button', { name: '立即支付' }).click();
        await expect(page).toHaveURL(/\/payment_success\?/);
        await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
        await expect(page.locator('[data-paid]')).toContainText(balance.slice(1));

        // Paid in full: the booking says so and offers no payment; the order waits to ship.
        await page.goto('/user/presell_order');
        const paid = page.locator(`article[data-order-id="${orderId}"]`);
        await expect(paid).toHaveAttribute('data-presell-state', 'paid');
        await expect(paid).toContainText(`已付尾款 ${balance}`);
        await expect(paid.getByRole('link', { name: '立即付款' })).toHaveCount(0);
        // The presale's page no longer asks for it.
        const marks = page.waitForResponse((r) => r.url().includes('/api/user/marks'));
        await page.goto(`/goods_presell_detail/${BALANCE_PRESELL_ID}`);
        expect((await (await marks).json()).data.presell).toEqual({});
        await expect(page.locator('[data-presell-mine]')).toBeHidden();
        await page.goto('/user/order_list?type=1&status=0');
        await expect(page.locator(`article[data-order-id="${orderId}"]`)).toBeVisible();
        await context.close();
      },
    );
  });
});
