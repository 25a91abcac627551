// The user centre's left menu, as a signed-in shopper sees it on every /user page: the reference's order (only
// pages that exist), the current page marked, a breadcrumb, and figures for what waits (unpaid orders, coupons).
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { addAddress, addLine, bearer, placeOrder, skuOf } from './orders.ts';
import { userMenu } from '../../src/shared/user-menu.ts';

test('the menu follows the route table, marks the page and counts unpaid orders and usable coupons', async ({ page, context, baseURL }) => {
  const api = page.request;
  const token = await freshShopper(api, context, baseURL);
  await page.goto('/user/address_list');
  const menu = page.getByRole('complementary', { name: '个人中心菜单' });
  await expect(menu.getByRole('link')).toHaveText(userMenu.map((m) => m.label));
  await expect(menu.getByRole('link', { name: '地址管理' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('个人中心');
  await expect(menu.locator('.user-centre__count')).toHaveCount(0);

  // One unpaid order and one claimed coupon.
  await addAddress(api, token);
  const sku = await skuOf(api, 1);
  await placeOrder(api, token, [await addLine(api, token, sku)]);
  await okBody(await api.post('/api/coupon/receive/2', { headers: bearer(token) }));

  await page.goto('/user');
  await expect(menu.getByRole('link', { name: '账户管理' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: /我的订单/ }).locator('.user-centre__count')).toHaveText('1');
  await expect(menu.getByRole('link', { name: /我的优惠券/ }).locator('.user-centre__count')).toHaveText('1');
});
