// The demo member's user centre as a newcomer to the demo mall sees it: every menu page answers with content from
// the seeded history (orders in every stage, ledger rows, points earned on receipt, favourites, coupons, an invoice).
// Other specs may pay with this member's balance, so figures are not pinned; the history rows are.
import { test, expect, scriptErrors, signIn } from './fixtures.ts';
import { userMenu } from '../../src/shared/user-menu.ts';
import { HISTORY_INVOICE } from '../../src/server/db/seed/history.ts';

test.describe("the demo member's user centre", () => {
  test('every menu page renders without a script error', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'member');
    const errors = scriptErrors(page);
    for (const item of userMenu) {
      const res = await page.goto(item.href);
      expect(res?.status(), item.href).toBe(200);
      await expect(page.getByRole('complementary', { name: '个人中心菜单' }).getByRole('link', { name: item.label })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator('.user-centre__main h1, .user-centre__main h2').first()).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test("the reference's user-menu links with their menu index (`?type=N`) open the page's first tab", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, 'member');
    const tabs = page.getByRole('navigation', { name: /类型|售后状态/ });
    for (const [href, first] of [
      ['/user/balance?type=3', '全部'],
      ['/user/refund_list?type=4', '全部'],
      ['/user/collect?type=6', '商品收藏'],
    ] as const) {
      const res = await page.goto(href);
      expect(res?.status(), href).toBe(200);
      await expect(tabs.locator('[aria-current="page"]'), href).toHaveText(first);
    }
    // A tab that is no number and no tab's name fails validation: This page could not be found.
    expect((await page.goto('/user/balance?type=income'))?.status()).toBe(404);
  });

  test('shows the seeded history: orders in every stage, its money and points, and the invoice', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'member');
    await page.goto('/user/order_list');
    for (const stage of ['待发货', '待收货', '待评价']) await expect(page.getByText(stage, { exact: true }).last()).toBeVisible();

    await page.goto('/user/balance?type=1');
    await expect(page.locator('.wallet-row', { hasText: '购买商品' })).not.toHaveCount(0);
    await page.goto('/user/balance?type=2');
    await expect(page.locator('.wallet-row', { hasText: '运营充值（演示）' })).toHaveCount(1);

    await page.goto('/user/integral');
    await expect(page.locator('.wallet-row', { hasText: '确认收货赠送积分' })).toHaveCount(1);

    await page.goto('/user/invoice_list?status=0');
    const row = page.getByRole('row', { name: new RegExp(HISTORY_INVOICE.receipt_title) });
    await expect(row).toContainText('未开票');
    await row.getByRole('link', { name: /发票详情/ }).click();
    await expect(page.getByText(HISTORY_INVOICE.duty_paragraph)).toBeVisible();
  });
});
