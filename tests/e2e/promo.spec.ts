import { test, expect, signIn } from './fixtures.ts';
import { freshShopper } from './accounts.ts';

test.describe('coupon centre', () => {
  test('a signed-in shopper claims a coupon and the claimed state survives a reload', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'member');
    await page.goto('/coupon_center');
    await expect(page.getByRole('heading', { name: '领券中心', level: 1 })).toBeVisible();
    // The first coupon this shopper has not claimed yet.
    const card = page.locator('[data-coupon]:not([data-claimed])', { has: page.locator('[data-action="claim-coupon"]') }).first();
    const id = await card.getAttribute('data-coupon');
    const claim = card.getByRole('button', { name: '立即领取' });
    await expect(card.getByRole('link', { name: '去使用' })).toBeHidden();
    await claim.click();
    const same = page.locator(`[data-coupon="${id}"]`);
    await expect(same.getByRole('button', { name: '已领取' })).toBeDisabled();
    await expect(same.getByRole('link', { name: '去使用' })).toHaveAttribute('href', `/goods_coupon?id=${id}`);
    await page.reload();
    await expect(same).toHaveAttribute('data-claimed', '');
    await expect(same.getByRole('button', { name: '立即领取' })).toHaveCount(0);
    await expect(same.getByRole('link', { name: '去使用' })).toBeVisible();
  });

  test('claiming a limited coupon lowers its 剩余 count at once, to what the claim left', async ({ page, context, request, baseURL }) => {
    await freshShopper(request, context, baseURL);
    await page.goto('/coupon_center');
    const id = await page
      .locator('[data-coupon]', { has: page.locator('[data-coupon-remain]') })
      .filter({ has: page.getByRole('button', { name: '立即领取' }) })
      .first()
      .getAttribute('data-coupon');
    const card = page.locator(`[data-coupon="${id}"]`);
    const before = Number(await card.locator('[data-coupon-remain]').textContent());
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/coupon/receive/${id}`));
    await card.getByRole('button', { name: '立即领取' }).click();
    const left = (await (await answer).json()).data.remain_count as number;
    expect(left).toBeLessThan(before);
    await expect(card.locator('[data-coupon-remain]')).toHaveText(String(left));
  });

  test("a visitor's claim opens the login dialog", async ({ page }) => {
    await page.goto('/coupon_center');
    await page.locator('[data-action="claim-coupon"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: /登录/ }).first()).toBeVisible();
  });

  test('type tabs are links that filter the coupons', async ({ page }) => {
    await page.goto('/coupon_center');
    await page.getByRole('navigation', { name: '优惠券类型' }).getByRole('link', { name: '店铺券' }).click();
    await expect(page).toHaveURL(/\/coupon_center\?type=0$/);
    await expect(page.getByRole('link', { name: '店铺券' })).toHaveAttribute('aria-current', 'page');
    const tags = page.locator('.coupon-card__title .tag');
    await expect(tags.first()).toBeVisible();
    for (const t of await tags.allTextContents()) expect(t).toBe('店铺券');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/coupon_center\?type=0$/);
  });

  test('a malformed type fails validation: a 404 page', async ({ page }) => {
    const res = await page.goto('/coupon_center?type=abc');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('link', { name: /首页/ }).last()).toBeVisible();
  });
});

test.describe('flash sale', () => {
  test('a flash-sale product page shows its new state once its countdown runs out', async ({ page }) => {
    await page.clock.install();
    await page.goto('/goods_seckill');
    const href = await page.locator('article.seckill-card a').first().getAttribute('href');
    await page.goto(href!);
    const end = Number(await page.locator('[data-countdown]').getAttribute('data-countdown'));
    const reloaded = page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith(href!));
    await page.clock.fastForward(end * 1000 - (await page.evaluate(() => Date.now())) + 2_000);
    await reloaded;
  });

  test('shows the running session with a countdown and products linking to their details', async ({ page }) => {
    await page.goto('/goods_seckill');
    await expect(page.getByRole('heading', { name: '限时秒杀', level: 1 })).toBeVisible();
    const slots = page.getByRole('navigation', { name: '秒杀场次' });
    const current = slots.locator('a[aria-current="page"]');
    await expect(current).toContainText('抢购中');
    await expect(slots.getByRole('link')).toHaveCount(12);
    const clock = page.locator('[data-countdown]');
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await expect(clock).not.toHaveText(first!);
    const cards = page.locator('article.seckill-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().locator('a')).toHaveAttribute('href', /^\/goods_seckill_detail\/\d+\?time=\d+&status=1$/);
    await expect(cards.first().locator('progress')).toHaveAttribute('value', /^\d+$/);
    await expect(cards.first()).toContainText('马上抢');
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(ld.find((d) => d['@type'] === 'ItemList').itemListElement.length).toBe(await cards.count());
  });

  test('another slot is a link with its own state', async ({ page }) => {
    await page.goto('/goods_seckill');
    const slots = page.getByRole('navigation', { name: '秒杀场次' });
    const other = slots.locator('a:not([aria-current])').first();
    const state = (await other.locator('.promotion-tabs__note').textContent())!;
    await other.click();
    await expect(page).toHaveURL(/\/goods_seckill\?time=\d+$/);
    await expect(slots.locator('a[aria-current="page"]')).toContainText(state);
    const label = state === '即将开始' ? '即将开始' : '已结束';
    await expect(page.locator('article.seckill-card').first()).toContainText(label);
  });

  test('an upcoming session shows when it starts, not a share already sold', async ({ page }) => {
    await page.goto('/goods_seckill');
    const sessions = page.getByRole('navigation', { name: '秒杀场次' }).getByRole('link');
    const soon = sessions.filter({ hasText: '即将开始' });
    if ((await soon.count()) === 0) {
      // From 22:00 mall time the day's last session is on air and none is to come: nothing upcoming to show.
      await expect(sessions.last()).toContainText('22:00');
      await expect(sessions.last()).not.toContainText('已结束');
      return;
    }
    const hour = (await soon.first().textContent())!.match(/\d\d:00/)![0];
    await soon.first().click();
    await expect(page).toHaveURL(/\/goods_seckill\?time=\d+$/);
    const cards = page.locator('article.seckill-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(`今日 ${hour} 开抢`);
    await expect(cards.first()).toContainText('即将开始');
    await expect(page.locator('article.seckill-card progress')).toHaveCount(0);
    await expect(cards.filter({ hasText: /已抢/ })).toHaveCount(0);
    const api = (
      await (await page.request.get('/api/store/product/seckill/lst?page=1&limit=16&start_time=' + Number(hour.slice(0, 2)))).json()
    ).data;
    expect(api.list.length).toBeGreaterThan(0);
    for (const p of api.list) expect(p).toMatchObject({ seckill_status: 0, percent: 0 });
  });

  test('an unknown slot is a 404', async ({ page }) => {
    const res = await page.goto('/goods_seckill?time=999');
    expect(res?.status()).toBe(404);
  });
});

test.describe('presale', () => {
  test('tabs switch between not started, in progress and ended', async ({ page }) => {
    await page.goto('/goods_presell');
    const tabs = page.getByRole('navigation', { name: '预售状态' });
    await expect(tabs.getByRole('link', { name: '进行中' })).toHaveAttribute('aria-current', 'page');
    const cards = page.locator('article.presell-card');
    await expect(cards.first()).toContainText('立即预定');
    await expect(cards.first().locator('a')).toHaveAttribute('href', /^\/goods_presell_detail\/\d+$/);
    await expect(page.getByText('定金预售').first()).toBeVisible();
    await expect(page.getByText('全款预售').first()).toBeVisible();

    await tabs.getByRole('link', { name: '未开始' }).click();
    await expect(page).toHaveURL(/\/goods_presell\?type=0$/);
    await expect(tabs.getByRole('link', { name: '未开始' })).toHaveAttribute('aria-current', 'page');
    await expect(cards.first()).toContainText('即将开售');
    await expect(page).toHaveTitle(/预售专区 - 未开始/);

    await tabs.getByRole('link', { name: '已结束' }).click();
    await expect(page).toHaveURL(/\/goods_presell\?type=2$/);
    await expect(cards.first()).toContainText('已结束');
    for (const t of await cards.locator('.presell-card__action').allTextContents()) expect(t).toBe('已结束');
  });
});
