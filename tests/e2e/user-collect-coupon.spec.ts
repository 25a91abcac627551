// /user/collect and /user/my_coupon: a fresh shopper's favourites, follows and claimed coupons; the demo member's pages.
import { test, expect, booted, signIn } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { bearer, skuOf } from './orders.ts';

const SHOTS = '/tmp/shots-relation';

test.describe('favourites and coupons in the user centre', () => {
  test('a fresh shopper sees the products they favourited, removes one then the other, and unfollows a shop', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const first = await skuOf(request, 3, [], 1);
    const second = await skuOf(request, 4, [], 1);
    for (const p of [first, second]) {
      await okBody(await request.post('/api/user/relation/create', { headers: bearer(token), data: { type: 0, type_id: p.product_id } }));
    }
    await okBody(await request.post('/api/user/relation/create', { headers: bearer(token), data: { type: 10, type_id: 4 } }));

    await page.goto('/user/collect');
    await expect(page.getByRole('heading', { name: '我的收藏', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '商品收藏' })).toHaveAttribute('aria-current', 'page');
    const cards = page.locator('[data-favourite]');
    await expect(cards).toHaveCount(2);
    // Newest first.
    await expect(cards.first()).toHaveAttribute('data-favourite', String(second.product_id));
    await expect(cards.first().getByRole('link', { name: '查看' })).toHaveAttribute('href', `/goods_detail/${second.product_id}`);
    await expect(page.locator('.favourites[data-ready]')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/collect-products-1280.png`, fullPage: true });

    await cards
      .first()
      .getByRole('button', { name: /取消收藏/ })
      .click();
    await expect(cards).toHaveCount(1);
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-favourite', String(first.product_id));

    // Several at once: tick them (全选) and remove the ticked ones.
    await expect(page.locator('.favourites[data-ready]')).toHaveCount(1);
    await page.getByLabel('全选').check();
    await page.getByRole('button', { name: '取消收藏 (1)' }).click();
    await expect(page.getByText('您还没有收藏商品')).toBeVisible();
    const { data } = await okBody(await request.get('/api/user/relation/product/lst?page=1&limit=12', { headers: bearer(token) }));
    expect(data.count).toBe(0);

    await page.getByRole('link', { name: '店铺关注' }).click();
    await expect(page).toHaveURL(/\/user\/collect\?type=merchant$/);
    const shop = page.locator('[data-shop="4"]');
    await expect(shop.getByRole('link', { name: '进店逛逛' })).toHaveAttribute('href', '/store?id=4');
    await expect(shop).toContainText('人关注');
    await page.screenshot({ path: `${SHOTS}/collect-shops-1280.png`, fullPage: true });
    await booted(page);
    await shop.getByRole('button', { name: '取消关注' }).click();
    await expect(shop.getByRole('button', { name: '重新关注' })).toBeVisible();
    await page.reload();
    await expect(page.getByText('您还没有关注店铺')).toBeVisible();
  });

  test('a coupon claimed on /coupon_center shows usable on /user/my_coupon and links to its products', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await freshShopper(request, context, baseURL);
    await page.goto('/user/my_coupon');
    await expect(page.getByText('您还没有可用的优惠券')).toBeVisible();

    await page.goto('/coupon_center');
    await booted(page);
    const id = await page
      .locator('[data-coupon]', { has: page.getByRole('button', { name: '立即领取' }) })
      .first()
      .getAttribute('data-coupon');
    const card = page.locator(`[data-coupon="${id}"]`);
    await card.getByRole('button', { name: '立即领取' }).click();
    await expect(card).toHaveAttribute('data-claimed', '');

    await page.goto('/user/my_coupon');
    const mine = page.locator('.my-coupon');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toHaveAttribute('data-state', 'usable');
    await expect(mine.first()).toContainText('可使用');
    await expect(mine.first()).toHaveAttribute('href', `/goods_coupon?id=${id}`);
    await page.getByRole('link', { name: '已使用/已过期' }).click();
    await expect(page.getByText('暂无已使用或已过期的优惠券')).toBeVisible();
  });

  test('a delisted favourite says 已下架 and links nowhere (its page is a 404); 取消收藏 is still offered', async ({
    page,
    context,
    baseURL,
  }) => {
    // The demo member favourited a product before it went off the shelf (seed/history.ts); read only.
    await signIn(context, baseURL!, 'member');
    await page.goto('/user/collect');
    const gone = page.locator('[data-favourite][data-fail]').filter({ hasText: '已下架' }).first();
    await expect(gone).toBeVisible();
    const id = await gone.getAttribute('data-favourite');
    expect((await page.request.get(`/goods_detail/${id}`)).status()).toBe(404);
    await expect(gone.getByRole('link')).toHaveCount(0);
    await expect(gone.getByText('查看')).toHaveCount(0);
    await expect(gone.getByRole('button', { name: /^取消收藏/ })).toBeEnabled();
    // One on sale still opens its page.
    const live = page.locator('[data-favourite]:not([data-fail])').first();
    await expect(live.getByRole('link', { name: '查看' })).toHaveAttribute(
      'href',
      `/goods_detail/${await live.getAttribute('data-favourite')}`,
    );
    await page.screenshot({ path: `${SHOTS}/collect-delisted-1280.png`, fullPage: true });
  });

  test("the demo member's favourites and coupons render", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'member');
    await page.goto('/user/collect');
    await expect(page.locator('[data-favourite]').first()).toBeVisible();
    await expect(page.locator('[data-favourite][data-fail]').first()).toContainText('已下架');
    await page.goto('/user/collect?type=merchant');
    await expect(page.locator('[data-shop]')).toHaveCount(3);

    await page.goto('/user/my_coupon');
    await expect(page.locator('.my-coupon[data-state="usable"]').first()).toBeVisible();
    await expect(page.locator('.my-coupon[data-expiring]')).toContainText('即将过期');
    await page.screenshot({ path: `${SHOTS}/my-coupon-1280.png`, fullPage: true });
    await page.goto('/user/my_coupon?statusTag=0');
    await expect(page.locator('.my-coupon[data-state="used"]')).toContainText('已使用');
    await expect(page.locator('.my-coupon[data-state="expired"]')).toContainText('已过期');
    await page.screenshot({ path: `${SHOTS}/my-coupon-used-1280.png`, fullPage: true });
  });
});
