import { test, expect } from './fixtures.ts';

const SECTIONS = ['限时秒杀', '精品推荐', '领券中心', '首发新品', '推荐单品', '品牌好店', '热门榜单', '分类广场'];

test.describe('home page', () => {
  test('shows every section with real products and links', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle('Mallfront 商城');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mallfront 商城');
    for (const name of SECTIONS) await expect(page.getByRole('heading', { name: new RegExp(`^${name}`), level: 2 }).first()).toBeVisible();

    const seckill = page.locator('section', { has: page.getByRole('heading', { name: '限时秒杀', level: 2 }) });
    await expect(seckill.getByText(/\d{2}:00 点场/)).toBeVisible();
    await expect(seckill.locator('a[href^="/goods_seckill_detail/"]').first()).toHaveAttribute(
      'href',
      /^\/goods_seckill_detail\/\d+\?time=\d+&status=-?\d$/,
    );
    await expect(seckill.getByRole('link', { name: /更多秒杀/ })).toHaveAttribute('href', '/goods_seckill');

    const boutique = page.locator('section', { has: page.getByRole('heading', { name: '精品推荐', level: 2 }) });
    await expect(boutique.locator('a[href^="/goods_detail/"]')).toHaveCount(4);
    await expect(boutique.locator('.price').first()).toHaveText(/¥\d/);

    const coupons = page.locator('section', { has: page.getByRole('heading', { name: '领券中心', level: 2 }) });
    await expect(coupons.locator('[data-action="claim-coupon"]').first()).toBeVisible();
    // 去使用 only on a claimed coupon: a visitor has claimed none.
    await expect(coupons.getByRole('link', { name: '去使用' })).toHaveCount(0);
    await expect(coupons.getByRole('link', { name: /更多好券/ })).toHaveAttribute('href', '/coupon_center');

    for (const name of ['首发新品', '推荐单品']) {
      const block = page.locator('section', { has: page.getByRole('heading', { name, level: 2 }) });
      await expect(block.locator('article.card')).toHaveCount(5);
    }
    const shops = page.locator('section', { has: page.getByRole('heading', { name: '品牌好店', level: 2 }) });
    await expect(shops.locator('a[href^="/store?id="]')).toHaveCount(2);
    const ranking = page.locator('section', { has: page.getByRole('heading', { name: '热门榜单', level: 2 }) });
    await expect(ranking.locator('ol > li')).toHaveCount(3);

    // Every product picture has its size (no layout shift) and a text alternative.
    const imgs = await page
      .locator('main img')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('width'), e.getAttribute('height'), e.getAttribute('alt')]));
    expect(imgs.length).toBeGreaterThan(30);
    for (const [w, h, alt] of imgs) {
      expect(Number(w)).toBeGreaterThan(0);
      expect(Number(h)).toBeGreaterThan(0);
      expect(alt).not.toBeNull();
    }
    // The first banner is the LCP candidate.
    await expect(page.locator('[data-carousel] img').first()).toHaveAttribute('fetchpriority', 'high');
  });

  test('the category menu flies out on hover and leads to /goods_cate?sid=', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: '全部商品分类' });
    const first = menu.locator('.catmenu__item').first();
    const fly = first.locator('.catmenu__fly');
    await expect(fly).toBeHidden();
    await first.hover();
    await expect(fly).toBeVisible();
    // The panel ends with the whole top category, the link its menu entry has.
    const top = first.locator('.catmenu__top');
    await expect(fly.getByRole('link', { name: `全部${(await top.textContent())!.trim()}商品` })).toHaveAttribute(
      'href',
      (await top.getAttribute('href'))!,
    );
    const leaf = fly.locator('dd a').first();
    const name = (await leaf.textContent())!.trim();
    await leaf.click();
    await expect(page).toHaveURL(/\/goods_cate\?sid=\d+$/);
    expect(name.length).toBeGreaterThan(0);
  });

  test('the category menu opens with the keyboard too', async ({ page }) => {
    await page.goto('/');
    const first = page.locator('.catmenu__item').first();
    await first.locator('.catmenu__top').focus();
    await expect(first.locator('.catmenu__fly')).toBeVisible();
  });

  test('scrolling loads more category-plaza sections', async ({ page }) => {
    await page.goto('/');
    const sections = page.locator('[data-plaza-section]');
    await expect(sections).toHaveCount(3);
    const titles = await sections.locator('h3.plaza__title').allTextContents();
    const more = page.locator('[data-plaza-more]');
    await more.scrollIntoViewIfNeeded();
    await expect.poll(() => sections.count()).toBeGreaterThan(3);
    // Keep scrolling until every category is there and the "more" link is gone.
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(more).toHaveCount(0, { timeout: 500 });
    }).toPass();
    const all = await sections.locator('h3.plaza__title').allTextContents();
    expect(all.slice(0, 3)).toEqual(titles);
    expect(new Set(all).size).toBe(all.length);
    await expect(sections.last().locator('a[href^="/goods_detail/"]').first()).toBeVisible();
  });

  test('publishes Organization, WebSite SearchAction and ItemList JSON-LD', async ({ page, baseURL }) => {
    await page.goto('/');
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((t) => JSON.parse(t));
    const org = data.find((d) => d['@type'] === 'Organization');
    expect(org).toMatchObject({ name: 'Mallfront 商城', url: `${baseURL}/` });
    expect(org.logo).toMatch(/^http.*\/images\/logo\.svg$/);
    const site = data.find((d) => d['@type'] === 'WebSite');
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target.urlTemplate).toBe(`${baseURL}/goods_search?title={search_term_string}`);
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
    const list = data.find((d) => d['@type'] === 'ItemList');
    expect(list.itemListElement).toHaveLength(4);
    expect(list.itemListElement[0].url).toMatch(/\/goods_detail\/\d+$/);
  });

  test('the banner carousel moves with its arrows', async ({ page }) => {
    await page.goto('/');
    const dots = page.locator('[data-carousel-dot]');
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: '下一张' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => page.locator('[data-carousel-track]').evaluate((t) => Math.round(t.scrollLeft / t.clientWidth))).toBe(1);
  });

  test('the carousel advances by itself, but not for a shopper who asks for reduced motion, even after pointing at it', async ({
    page,
  }) => {
    const dots = page.locator('[data-carousel-dot]');
    await page.clock.install();
    await page.goto('/');
    await page.clock.fastForward('00:06');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.locator('[data-carousel]').hover();
    await page.mouse.move(0, 0);
    await page.clock.fastForward('00:12');
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(1)).not.toHaveAttribute('aria-current', 'true');
  });

  test('when the flash-sale countdown runs out, the strip says so in its place', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const strip = page.locator('#home-seckill-block');
    const end = Number(await strip.locator('[data-countdown]').getAttribute('data-countdown'));
    const label = await strip.locator('.countdown__label').textContent();
    await page.clock.fastForward(end * 1000 - (await page.evaluate(() => Date.now())) + 2_000);
    await expect(strip.locator('.countdown')).toHaveText(label === '距结束' ? '已结束' : '已开抢');
    await expect(strip.locator('[data-countdown]')).toHaveCount(0);
  });

  test('the flash-sale countdown ticks', async ({ page }) => {
    await page.goto('/');
    const clock = page.locator('#home-seckill-block [data-countdown]');
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await expect(clock).not.toHaveText(first!);
  });
});

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows its sections and real links, and the plaza "more" link loads the next sections', async ({ page }) => {
    await page.goto('/');
    for (const name of SECTIONS) await expect(page.getByRole('heading', { name: new RegExp(`^${name}`), level: 2 }).first()).toBeVisible();
    await expect(page.locator('main a[href^="/goods_detail/"]').first()).toBeVisible();
    await expect(page.locator('[data-countdown]').first()).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(page.locator('[data-plaza-section]')).toHaveCount(3);
    await page.getByRole('link', { name: '加载更多分类' }).click();
    await expect(page).toHaveURL(/\/\?plaza=2#plaza-page-2$/);
    await expect(page.locator('[data-plaza-section]')).toHaveCount(6);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  });
});
