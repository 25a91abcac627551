// The one error page (spec section 2 "Error page") as every kind of page shows it: the status in the response
// and on the page, one document title per kind, the spec's wording, kept out of search engines.
import { test, expect } from './fixtures.ts';

const robots = 'meta[name="robots"]';

test.describe('the unified error page', () => {
  for (const path of ['/goods_search?page=-1', '/coupon_center?type=abc', '/store/category?id=5&order=name']) {
    test(`a bad request to ${path} is a 400 "Bad request" page with the service's message`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(400);
      await expect(page).toHaveTitle(/^请求有误/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bad request');
      await expect(page.locator('.error-view__code')).toHaveText('400');
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await expect(page.getByText('请检查相关配置或稍后重试。')).toBeVisible();
      await expect(page.locator(robots)).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    });
  }

  for (const path of ['/goods_detail/999999', '/goods_seckill?time=999999', '/news_list?cid=99', '/goods_detail/abc', '/no_such_page']) {
    test(`${path} is a 404 "This page could not be found" page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page).toHaveTitle(/^页面不存在/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
      await expect(page.locator('.error-view__code')).toHaveText('404');
      await expect(page.getByText('Sorry, the page you visited went wrong')).toBeVisible();
      await expect(page.locator(robots)).toHaveAttribute('content', /noindex/);
    });
  }

  test('an unknown merchant is a 404 with the same title, showing the "shop closed" picture', async ({ page }) => {
    const res = await page.goto('/store/storeCoupon?id=99999999');
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(/^页面不存在/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('店铺不存在或已关闭');
    await expect(page.locator(robots)).toHaveAttribute('content', /noindex/);
  });
});
