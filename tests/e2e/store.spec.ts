// Shops as a shopper meets them: the shop street, a shop's home / category / coupon pages, following a
// shop, claiming its coupons, shop search and the licence page behind an image captcha.
import type { Page } from '@playwright/test';
import { test, expect, signIn, booted, lookOf } from './fixtures.ts';
import { freshShopper } from './accounts.ts';

const grid = (page: Page) => page.locator('[data-products]').last();
const prices = async (page: Page) => (await grid(page).locator('.card__now').allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
const jsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { '@type': string; itemListElement: { name: string; url?: string; item?: string }[] },
  );

test.describe('shop street and shop home', () => {
  test('a shop opens from /shop_street and shows its products', async ({ page }) => {
    await page.goto('/shop_street');
    await expect(page).toHaveTitle(/^店铺街 - /);
    const shops = page.locator('[data-shops] > li');
    await expect(shops).toHaveCount(10);
    const ld = await jsonLd(page);
    expect(ld.find((d) => d['@type'] === 'ItemList')?.itemListElement).toHaveLength(10);

    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: '星辰科技官方旗舰店' }) });
    await expect(card.getByText('旗舰店', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: /热销商品/ }).getByRole('listitem')).toHaveCount(3);
    await card.getByRole('link', { name: '进店逛逛：星辰科技官方旗舰店' }).click();

    await expect(page).toHaveURL(/\/store\?id=5$/);
    await expect(page).toHaveTitle(/^星辰科技官方旗舰店 - /);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('星辰科技官方旗舰店');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/store\?id=5$/);
    // Its newest four, then its recommendations: its best sellers, 12 a page, as the API lists the shop by default.
    await expect(page.locator('[data-products]').first().getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: '新品上架' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '店铺推荐' })).toBeVisible();
    await expect(grid(page).getByRole('article')).toHaveCount(12);
    const best = (await (await page.request.get('/api/product/spu/merchant/5?page=1&limit=12')).json()).data.list;
    expect(best.map((p: { sales: number }) => p.sales)).toEqual(
      best.map((p: { sales: number }) => p.sales).sort((a: number, b: number) => b - a),
    );
    await expect(grid(page).getByRole('article').first().getByRole('link')).toHaveAttribute('href', `/goods_detail/${best[0].product_id}`);
    await expect(page.getByRole('navigation', { name: '分页' })).toBeVisible();
    const types = (await jsonLd(page)).map((d) => d['@type']);
    expect(types).toContain('BreadcrumbList');
    expect(types).toContain('ItemList');

    // A product card leads to its detail page.
    const first = grid(page).getByRole('article').first().getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/goods_detail\/\d+$/);
  });

  test('shop-street chips filter the shops by merchant category', async ({ page }) => {
    await page.goto('/shop_street');
    const chips = page.getByRole('navigation', { name: '店铺分类' });
    await expect(chips.getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
    await chips.getByRole('link', { name: '美妆个护' }).click();
    await expect(page).toHaveURL(/\/shop_street\?category_id=\d+$/);
    await expect(chips.getByRole('link', { name: '美妆个护' })).toHaveAttribute('aria-current', 'page');
    const names = await page.locator('[data-shops] h2').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(10);
    expect(names).toContain('花间集美妆旗舰店');
    expect(names).not.toContain('星辰科技官方旗舰店');
  });

  test('the shop category tree and in-shop search narrow the grid; sort links reorder it', async ({ page }) => {
    await page.goto('/store/category?id=5');
    const total = Number(await page.locator('[data-count]').innerText());
    expect(total).toBeGreaterThan(12);

    const tree = page.getByRole('complementary', { name: '店铺分类' });
    // A subcategory sits in its folded branch: the arrow opens it.
    await tree
      .locator('details', { has: page.getByRole('link', { name: '智能手表', includeHidden: true }) })
      .locator('summary')
      .click();
    await tree.getByRole('link', { name: '智能手表' }).click();
    await expect(page).toHaveURL(/\/store\/category\?id=5&cate_id=\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: '智能手表' })).toBeVisible();
    await expect(tree.getByRole('link', { name: '智能手表' })).toHaveAttribute('aria-current', 'page');
    const inCategory = Number(await page.locator('[data-count]').innerText());
    expect(inCategory).toBeGreaterThan(0);
    expect(inCategory).toBeLessThan(total);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/store\/category\?id=5&cate_id=\d+$/);
    // The reference's category menu links with `cateId=`: the same category, the same page.
    const cateId = new URL(page.url()).searchParams.get('cate_id');
    await page.goto(`/store/category?id=5&cateId=${cateId}`);
    await expect(page.getByRole('heading', { level: 2, name: '智能手表' })).toBeVisible();
    expect(Number(await page.locator('[data-count]').innerText())).toBe(inCategory);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/store/category\\?id=5&cate_id=${cateId}$`));

    await page.getByRole('link', { name: '价格从低到高' }).click();
    await expect(page).toHaveURL(/order=price_asc/);
    await expect(page.getByRole('link', { name: '价格从低到高' })).toHaveAttribute('aria-current', 'true');
    // The sort bar looks as on the search pages: the chosen order and the 确定 button drawn the same.
    const shopLook = [
      await lookOf(page.getByRole('link', { name: '价格从低到高' })),
      await lookOf(page.getByRole('button', { name: '确定' })),
    ];
    const searchPage = await page.context().newPage();
    await searchPage.goto('/goods_search?title=%E6%89%8B%E8%A1%A8&order=price_asc');
    const onSearch = searchPage.getByRole('list', { name: '排序' }).getByRole('link', { name: '价格从低到高' });
    expect([await lookOf(onSearch), await lookOf(searchPage.getByRole('button', { name: '确定' }))]).toEqual(shopLook);
    await searchPage.close();
    const asc = await prices(page);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    // Reordering does not change the page's identity.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/store\/category\?id=5&cate_id=\d+$/);

    const search = page.getByRole('search', { name: '店内搜索' });
    await search.getByRole('searchbox', { name: '搜索本店商品' }).fill('耳机');
    await search.getByRole('button', { name: '搜本店' }).click();
    await expect(page).toHaveURL(/\/store\/category\?id=5&keyword=%E8%80%B3%E6%9C%BA$/);
    await expect(page.getByRole('heading', { level: 2, name: '“耳机”的搜索结果' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: '搜索本店商品' })).toHaveValue('耳机');
    const found = Number(await page.locator('[data-count]').innerText());
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    for (const name of await grid(page).locator('.card__name').allInnerTexts()) expect(name).toContain('耳机');
    // The reference's in-shop search links with `search=`: the same results.
    await page.goto('/store/category?id=5&search=%E8%80%B3%E6%9C%BA');
    await expect(page.getByRole('searchbox', { name: '搜索本店商品' })).toHaveValue('耳机');
    expect(Number(await page.locator('[data-count]').innerText())).toBe(found);

    await search.getByRole('searchbox', { name: '搜索本店商品' }).fill('没有这种商品');
    await search.getByRole('button', { name: '搜本店' }).click();
    await expect(page.getByText('没有找到相关商品')).toBeVisible();
  });

  test('an unknown shop is a 404 "shop closed" page; a malformed query the plain 404 page with what failed', async ({ page }) => {
    const res = await page.goto('/store?id=99999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '店铺不存在或已关闭' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: '逛逛店铺街' }).click();
    await expect(page).toHaveURL(/\/shop_street$/);

    expect((await page.goto('/store/category?id=99999999'))?.status()).toBe(404);
    // Another shop's category is not a page of this shop.
    expect((await page.goto('/store/category?id=7&cate_id=1'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '店铺分类不存在' })).toBeVisible();
    const bad = await page.goto('/store/category?id=5&order=name');
    expect(bad?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await expect(page.getByRole('alert')).toHaveText('排序方式不正确');
  });
});

test.describe('following a shop', () => {
  test('a signed-in shopper follows a shop: the button flips, the count rises, and both survive a reload', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, 'member');
    await page.goto('/store?id=17');
    const follow = page.getByRole('button', { name: '关注店铺' });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    const before = Number(await page.locator('[data-care-count]').innerText());
    await follow.click();
    const followed = page.getByRole('button', { name: '已关注' });
    await expect(followed).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-care-count]')).toHaveText(String(before + 1));

    await page.reload();
    await expect(page.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');
    expect(Number(await page.locator('[data-care-count]').innerText())).toBeGreaterThanOrEqual(before + 1);

    // And unfollows again.
    await page.getByRole('button', { name: '已关注' }).click();
    await expect(page.getByRole('button', { name: '关注店铺' })).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: '关注店铺' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('a follow made before the page’s own marks arrive stays on when they do', async ({ page, context, baseURL, request }) => {
    await freshShopper(request, context, baseURL!);
    // The marks the page asks for on load are held back until the follow has been answered.
    let release!: () => void;
    const followed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const MARKS = /\/api\/user\/marks\?/;
    await page.route(MARKS, async (route) => {
      const answer = await route.fetch();
      await followed;
      await route.fulfill({ response: answer });
    });
    const asked = page.waitForRequest(MARKS); // the page's script has run: its buttons act
    await page.goto('/store?id=16');
    await asked;
    const follow = page.getByRole('button', { name: '关注店铺' });
    const done = page.waitForResponse((r) => r.url().includes('/api/user/relation') && r.request().method() === 'POST');
    await follow.click();
    expect((await done).status()).toBe(200);
    const marks = page.waitForResponse(MARKS);
    release();
    await marks;
    await expect(page.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a visitor who clicks follow gets the login dialog', async ({ page }) => {
    await page.goto('/store?id=17');
    await page.getByRole('button', { name: '关注店铺' }).click();
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
    await expect(page.getByRole('button', { name: '关注店铺' })).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('shop coupons', () => {
  test('a signed-in shopper claims a shop coupon; it stays claimed after a reload', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'buyer');
    await page.goto('/store?id=13');
    await page.getByRole('navigation', { name: '店铺导航' }).getByRole('link', { name: '领取优惠券' }).click();
    await expect(page).toHaveURL(/\/store\/storeCoupon\?id=13$/);
    const coupon = page.getByRole('article').filter({ has: page.getByRole('heading', { name: '水漾护肤专营店店铺券' }) });
    await expect(coupon.getByText('店铺券', { exact: true })).toBeVisible();
    await expect(coupon).toContainText('满 ¥');
    const claim = coupon.getByRole('button', { name: '立即领取' });
    await expect(claim).toBeEnabled();
    await booted(page);
    await claim.click();
    await expect(coupon.getByRole('button', { name: '已领取' })).toBeDisabled();
    await page.reload();
    await expect(coupon.getByRole('button', { name: '已领取' })).toBeDisabled();
  });
});

test.describe('shop search', () => {
  test('/shop_more finds shops by name, sorts them and says when nothing matches', async ({ page }) => {
    await page.goto('/shop_street');
    const search = page.getByRole('search', { name: '搜索店铺' });
    await search.getByRole('searchbox', { name: '店铺名称' }).fill('旗舰');
    await search.getByRole('button', { name: '搜店铺' }).click();
    await expect(page).toHaveURL(/\/shop_more\?title=%E6%97%97%E8%88%B0$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('“旗舰”相关店铺');
    const names = await page.locator('[data-shops] h2').allInnerTexts();
    expect(names.length).toBeGreaterThan(3);
    for (const n of names) expect(n).toContain('旗舰');

    await page.getByRole('list', { name: '排序' }).getByRole('link', { name: '人气' }).click();
    await expect(page).toHaveURL(/order=care_count/);
    const care = await page.locator('[data-shops] [data-care]').allInnerTexts();
    const counts = care.map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    await page.goto('/shop_more?title=' + encodeURIComponent('不存在的店铺'));
    await expect(page.getByText('没有找到与“不存在的店铺”相关的店铺')).toBeVisible();
  });
});

test.describe('merchant licence', () => {
  test('licence images show only after the right image captcha', async ({ page }) => {
    await page.goto('/qualifications?id=3&storeName=x');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mallfront自营超市');
    await expect(page.getByRole('img', { name: /营业资质/ })).toHaveCount(0);

    await page.getByLabel('图形验证码', { exact: true }).fill('####');
    await page.getByRole('button', { name: '查看资质' }).click();
    await expect(page.getByRole('alert')).toHaveText('图形验证码错误');
    await expect(page.getByRole('img', { name: /营业资质/ })).toHaveCount(0);

    // A fresh captcha; in test mode the API hands its answer to the test.
    const fresh = page.waitForResponse((r) => r.url().endsWith('/api/captcha'));
    await page.getByRole('link', { name: '看不清？换一张' }).click();
    const { data } = (await (await fresh).json()) as { data: { code: string; captcha: string } };
    await expect(page.getByRole('img', { name: '图形验证码' })).toHaveAttribute('src', data.captcha);
    await page.getByLabel('图形验证码', { exact: true }).fill(data.code);
    await page.getByRole('button', { name: '查看资质' }).click();
    const images = page.getByRole('img', { name: /Mallfront自营超市营业资质/ });
    await expect(images).toHaveCount(2);
    await expect(images.first()).toHaveAttribute('src', '/media/mer-3-licence-1.svg');
  });
});

test.describe('shop pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the store home and category pages show products and their links work', async ({ page }) => {
    await page.goto('/store?id=7');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('织梦女装旗舰店');
    await expect(grid(page).getByRole('article')).toHaveCount(12);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/store\?id=7&page=2$/);
    expect(await grid(page).getByRole('article').count()).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: '店铺导航' }).getByRole('link', { name: '全部商品' }).click();
    await expect(page).toHaveURL(/\/store\/category\?id=7$/);
    const total = Number(await page.locator('[data-count]').innerText());
    const tree = page.getByRole('complementary', { name: '店铺分类' });
    await tree.locator('a.merchant-cates__top').first().click();
    await expect(page).toHaveURL(/cate_id=\d+/);
    expect(await grid(page).getByRole('article').count()).toBeGreaterThan(0);
    expect(Number(await page.locator('[data-count]').innerText())).toBeLessThanOrEqual(total);

    await page.getByRole('link', { name: '价格从高到低' }).click();
    const desc = await prices(page);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));

    await page.getByLabel('最低价（元）').fill('100');
    await page.getByLabel('最高价（元）').fill('300');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/price_on=100&price_off=300/);
    await expect(page).toHaveURL(/order=price_desc/);
    const inRange = await prices(page);
    expect(inRange.length).toBeGreaterThan(0);
    for (const p of inRange) expect(p >= 100 && p <= 300).toBe(true);
  });

  test('a price range typed the wrong way round shows as the range the shop searched', async ({ page }) => {
    await page.goto('/store/category?id=7&price_on=300&price_off=100');
    await expect(page.getByLabel('最低价（元）')).toHaveValue('100');
    await expect(page.getByLabel('最高价（元）')).toHaveValue('300');
    const inRange = await prices(page);
    expect(inRange.length).toBeGreaterThan(0);
    for (const p of inRange) expect(p >= 100 && p <= 300, String(p)).toBe(true);
  });

  test('the category tree folds: a branch opens from its arrow, and the current category’s branch is open', async ({ page }) => {
    await page.goto('/store?id=7');
    const tree = page.getByRole('complementary', { name: '店铺分类' });
    const branch = tree.locator('details.merchant-cates__branch').first();
    const parent = branch.locator('xpath=preceding-sibling::a');
    await expect(parent).toBeVisible();
    const child = branch.getByRole('link').first();
    await expect(child).toBeHidden();
    await branch.locator('summary').click();
    await expect(child).toBeVisible();
    const name = (await child.innerText()).trim();
    await branch.locator('summary').click();
    await expect(child).toBeHidden();

    await branch.locator('summary').click();
    await child.click();
    await expect(page).toHaveURL(/cate_id=\d+/);
    const current = page.getByRole('complementary', { name: '店铺分类' }).getByRole('link', { name, exact: true });
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  });

  test('the licence form works as a plain form post', async ({ page }) => {
    await page.goto('/qualifications?id=3');
    await page.getByLabel('图形验证码', { exact: true }).fill('####');
    await page.getByRole('button', { name: '查看资质' }).click();
    await expect(page.getByRole('alert')).toHaveText('图形验证码错误');
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  });
});
