// The one error page (spec section 2 "Error page") as every kind of page shows it: the status in the response
// and on the page, one document title per kind, the spec's wording, kept out of search engines.
import { test, expect, signIn } from './fixtures.ts';

const robots = 'meta[name="robots"]';

test.describe('the unified error page', () => {
  for (const path of ['/goods_search?page=-1', '/coupon_center?type=abc', '/store/category?id=5&order=name', '/user/order_list?status=x']) {
    test(`a query to ${path} that fails validation is a 404 "This page could not be found" page with what failed`, async ({
      page,
      context,
      baseURL,
    }) => {
      await signIn(context, baseURL!, 'member');
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page).toHaveTitle(/^页面不存在/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
      await expect(page.locator('.error-view__code')).toHaveText('404');
      await expect(page.locator('[data-error-message]')).toHaveText(/[\u4e00-\u9fff]/);
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

  test('a failing address reached from a mall page offers 返回上一页 to that page, never to another site', async ({ page, baseURL }) => {
    await page.goto('/goods_search?title=手机');
    // A hand-edited query, followed from the search page: the browser names the page it came from.
    await page.evaluate(() => {
      location.href = '/goods_search?title=手机&page=-1';
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    const back = page.getByRole('link', { name: '返回上一页' });
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await back.click();
    await expect(page).toHaveURL(/\/goods_search\?title=%E6%89%8B%E6%9C%BA$/);
    await expect(page.locator('.error-view')).toHaveCount(0);

    // A product gone since its listing was loaded: back to the listing.
    await page.goto('/goods_detail/999999', { referer: `${baseURL}/goods_cate?sid=2` });
    await expect(page.getByRole('link', { name: '返回上一页' })).toHaveAttribute('href', '/goods_cate?sid=2');
    // Another site's page, or none, is never offered.
    await page.goto('/goods_detail/999999', { referer: 'https://evil.example/goods_cate' });
    await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回上一页' })).toHaveCount(0);
  });

  test('an unknown merchant is a 404 with the same title, showing the "shop closed" picture', async ({ page }) => {
    const res = await page.goto('/store/storeCoupon?id=99999999');
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(/^页面不存在/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('店铺不存在或已关闭');
    await expect(page.locator(robots)).toHaveAttribute('content', /noindex/);
  });
});
