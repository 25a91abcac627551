import type { Page } from '@playwright/test';
import { test, expect, jsonLd } from './fixtures.ts';

/** The prices of the listed products, in page order, as numbers (the default locale shows CNY). */
async function prices(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-product-grid] .card__now').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

const ids = (page: Page) =>
  page.locator('[data-product-grid] > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
const total = async (page: Page) => Number(await page.locator('.sortbar__count strong').textContent());
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
const filterGroup = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test.describe('search and category browsing', () => {
  test('a Chinese keyword typed in the header lands on results that contain it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('耳机');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/goods_search\?title=%E8%80%B3%E6%9C%BA$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“耳机”的搜索结果');
    await expect(page).toHaveTitle(/^耳机 搜索结果/);
    const names = await page.locator('[data-product-grid] .card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain('耳机');
    // The page's own search box (the header bar is hidden here) is filled and searches again.
    const box = page.getByRole('searchbox', { name: '搜索商品' });
    await expect(box).toHaveValue('耳机');
    await box.fill('羽绒服');
    await box.press('Enter');
    await expect(page).toHaveURL(/title=%E7%BE%BD%E7%BB%92%E6%9C%8D$/);
    await expect(page.locator('[data-product-grid] .card__name').first()).toContainText('羽绒服');
  });

  test('filters by brand and price and sorts by price ascending, with removable chips', async ({ page }) => {
    await page.goto('/goods_search?title=手机');
    const all = await total(page);
    await filterGroup(page, '品牌').getByRole('link', { name: '星辰科技' }).click();
    await expect(page).toHaveURL(/brand_id=\d+/);
    await expect(page.getByRole('link', { name: '移除筛选：品牌：星辰科技' })).toBeVisible();
    const byBrand = await total(page);
    expect(byBrand).toBeLessThan(all);
    await page.getByRole('spinbutton', { name: '最低价（元）' }).fill('1000');
    await page.getByRole('spinbutton', { name: '最高价（元）' }).fill('5000');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/price_on=1000&price_off=5000/);
    await expect(page).toHaveURL(/brand_id=\d+/);
    await page.getByRole('link', { name: '价格从低到高' }).click();
    await expect(page).toHaveURL(/order=price_asc/);
    await expect(page.getByRole('link', { name: '价格从低到高' })).toHaveAttribute('aria-current', 'true');
    const list = await prices(page);
    expect(list.length).toBeGreaterThan(1);
    expect(ascending(list)).toBe(true);
    expect(Math.min(...list)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...list)).toBeLessThanOrEqual(5000);
    const names = await page.locator('[data-product-grid] .card__name').allTextContents();
    for (const n of names) expect(n).toContain('星辰科技');
    // Removing the brand chip keeps the price range and the sort.
    await page.getByRole('link', { name: '移除筛选：品牌：星辰科技' }).click();
    await expect(page).not.toHaveURL(/brand_id/);
    await expect(page).toHaveURL(/price_on=1000&price_off=5000&order=price_asc/);
    expect(await total(page)).toBeGreaterThanOrEqual(list.length);
  });

  test('a price range typed the wrong way round shows as the range it searched', async ({ page }) => {
    await page.goto('/goods_search?title=%E6%89%8B%E6%9C%BA&price_on=5000&price_off=100');
    await expect(page.getByRole('spinbutton', { name: '最低价（元）' })).toHaveValue('100');
    await expect(page.getByRole('spinbutton', { name: '最高价（元）' })).toHaveValue('5000');
    const list = await prices(page);
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) expect(p >= 100 && p <= 5000, String(p)).toBe(true);
  });

  test('the page 2 link shows other products', async ({ page }) => {
    await page.goto('/goods_search?title=手机');
    const first = await ids(page);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/title=%E6%89%8B%E6%9C%BA&page=2$/);
    await expect(page.getByRole('navigation', { name: '分页' }).locator('[aria-current="page"]')).toHaveText('2');
    const second = await ids(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/goods_search\?title=%E6%89%8B%E6%9C%BA&page=2$/);
    const list = (await jsonLd(page)).find((d) => d['@type'] === 'ItemList') as { itemListElement: { position: number }[] };
    expect(list.itemListElement[0]!.position).toBe(21);
  });

  test('a keyword with punctuation or LIKE wildcards is searched as typed: results or the empty state, never an error', async ({
    page,
  }) => {
    for (const kw of ['C#', '100%', 'a/b', 'a_b', '手机,平板']) {
      const res = await page.goto(`/goods_search?title=${encodeURIComponent(kw)}`);
      expect(res?.status(), kw).toBe(200);
      await expect(page.getByRole('status').filter({ hasText: `抱歉，没有找到与“${kw}”相关的商品` }), kw).toBeVisible();
      await expect(page.getByRole('searchbox').first()).toHaveValue(kw);
    }
    // The shop search takes them too.
    expect((await page.goto(`/shop_more?title=${encodeURIComponent('100%')}`))?.status()).toBe(200);
  });

  test('a search without results shows the empty state with a way out and stays out of the index', async ({ page }) => {
    await page.goto('/goods_search?title=不存在的宝贝qq');
    const empty = page.getByRole('status').filter({ hasText: '抱歉，没有找到与“不存在的宝贝qq”相关的商品' });
    await expect(empty).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(empty.getByRole('link', { name: '去首页逛逛' })).toHaveAttribute('href', '/');
    // Hot keywords to try instead lead to results.
    await page.getByRole('navigation', { name: '试试热门搜索' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/goods_search\?title=/);
    await expect(page.locator('[data-product-grid] > li').first()).toBeVisible();
  });

  test('shops matching the keyword link to their store', async ({ page }) => {
    await page.goto('/goods_search?title=星辰科技');
    const shops = page.getByRole('region', { name: '相关店铺' });
    const visit = shops.getByRole('link', { name: '进店逛逛：星辰科技官方旗舰店' });
    await expect(visit).toHaveAttribute('href', /^\/store\?id=\d+$/);
    await page.goto('/goods_search?title=旗舰店');
    await expect(page.getByRole('region', { name: '相关店铺' }).getByRole('link', { name: /^进店逛逛：/ })).toHaveCount(2);
    await expect(page.getByRole('link', { name: /^更多店铺/ })).toHaveAttribute('href', '/shop_more?title=%E6%97%97%E8%88%B0%E5%BA%97');
  });

  test('category links narrow the results and the category page has its own canonical and breadcrumb', async ({ page }) => {
    await page.goto('/goods_cate');
    const all = await total(page);
    await filterGroup(page, '分类').getByRole('link', { name: '数码', exact: true }).click();
    await expect(page).toHaveURL(/\/goods_cate\?sid=\d+$/);
    const digital = await total(page);
    expect(digital).toBeGreaterThan(0);
    expect(digital).toBeLessThan(all);
    await filterGroup(page, '分类').getByRole('link', { name: '手机通讯' }).click();
    await filterGroup(page, '分类').getByRole('link', { name: '手机', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('手机');
    const phones = await total(page);
    expect(phones).toBeLessThan(digital);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('手机');
    await expect(page).toHaveTitle(/^手机 - /);
    const sid = new URL(page.url()).searchParams.get('sid');
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('数码');
    // Sorting and filtering keep the category's canonical.
    await page.getByRole('link', { name: '销量' }).click();
    await filterGroup(page, '品牌').getByRole('link').first().click();
    await expect(page).toHaveURL(/order=sales/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/goods_cate\\?sid=${sid}$`));
    const crumbs = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['首页', '数码', '手机通讯', '手机']);
  });

  test('a search narrowed to a category keeps the keyword', async ({ page }) => {
    await page.goto('/goods_search?title=耳机');
    const before = await total(page);
    await filterGroup(page, '分类').getByRole('link', { name: '数码', exact: true }).click();
    await expect(page).toHaveURL(/\/goods_cate\?sid=\d+&title=%E8%80%B3%E6%9C%BA$/);
    expect(await total(page)).toBeLessThanOrEqual(before);
    await expect(page.getByRole('link', { name: '移除筛选：关键词：耳机' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: '搜索商品' })).toHaveValue('耳机');
  });

  test('the ItemList JSON-LD names every listed product', async ({ page }) => {
    await page.goto('/goods_search?title=手机');
    const list = (await jsonLd(page)).find((d) => d['@type'] === 'ItemList') as {
      itemListElement: { position: number; url: string; name: string }[];
    };
    const names = await page.locator('[data-product-grid] .card__name').allTextContents();
    expect(list.itemListElement.map((i) => i.name)).toEqual(names);
    expect(list.itemListElement.map((i) => i.position)).toEqual(names.map((_, i) => i + 1));
    for (const i of list.itemListElement) expect(i.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/goods_detail\/\d+$/);
  });

  test('bad query input shows the 404 error page with the Chinese message', async ({ page }) => {
    const res = await page.goto('/goods_search?title=手机&filter_params=%7Bnot-json');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('筛选参数格式不正确，应为 JSON 对象')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect((await page.goto('/goods_cate?page=-1'))?.status()).toBe(404);
    await expect(page.getByText('页码不能小于1')).toBeVisible();
    expect((await page.goto('/goods_search?limit=1000'))?.status()).toBe(404);
    await expect(page.getByText('每页数量不能大于100')).toBeVisible();
    expect((await page.goto('/goods_cate?sid=999999'))?.status()).toBe(404);
  });
});

test.describe('search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('results, prices and the filter, sort and page links all work', async ({ page }) => {
    await page.goto('/goods_search?title=手机');
    await expect(page.locator('[data-product-grid] > li').first()).toBeVisible();
    expect((await prices(page)).every((p) => p > 0)).toBe(true);
    await page.getByRole('link', { name: '价格从高到低' }).click();
    await expect(page).toHaveURL(/order=price_desc/);
    const desc = await prices(page);
    expect(desc.every((x, i) => i === 0 || desc[i - 1]! >= x)).toBe(true);
    await filterGroup(page, '保修期').getByRole('link').first().click();
    await expect(page).toHaveURL(/filter_params=/);
    await expect(page.getByRole('link', { name: /^移除筛选：保修期：/ })).toBeVisible();
    const narrowed = await total(page);
    await page.getByRole('spinbutton', { name: '最高价（元）' }).fill('3000');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/price_off=3000/);
    await expect(page).toHaveURL(/filter_params=.*order=price_desc/);
    expect(await total(page)).toBeLessThanOrEqual(narrowed);
    for (const p of await prices(page)) expect(p).toBeLessThanOrEqual(3000);
    await page.goto('/goods_search?title=手机');
    await page.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(page.locator('[data-product-grid] > li').first()).toBeVisible();
  });
});

test.describe('curated lists and coupon products', () => {
  test('/goods_list?type=hot shows the hot list with recommendations; an unknown list is a 404', async ({ page }) => {
    await page.goto('/goods_list?type=hot');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('热门榜单');
    await expect(page.getByRole('navigation', { name: '榜单' }).getByRole('link', { name: '热门榜单' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await page.locator('[data-product-grid] > li').count()).toBeGreaterThan(0);
    // The demo mall's banner above the list (GET /api/pc/hot_banner/hot) leads to the flash sales.
    const banner = page.locator('.hot-banners a');
    await expect(banner).toHaveAttribute('href', '/goods_seckill');
    await expect(banner.getByRole('img', { name: /热门榜单/ })).toBeVisible();
    expect(await banner.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('complementary', { name: '为你推荐' }).getByRole('link').first()).toBeVisible();
    const sales = await page.locator('[data-product-grid] .card__sales').allTextContents();
    const n = sales.map((s) => Number(s.replace(/\D/g, '')));
    expect(n.every((x, i) => i === 0 || n[i - 1]! >= x)).toBe(true);
    expect((await page.goto('/goods_list?type=nope'))?.status()).toBe(404);
  });

  test('/goods_coupon lists the products of a coupon with its header and filters', async ({ page }) => {
    await page.goto('/goods_coupon?id=4');
    const head = page.locator('[data-coupon]');
    await expect(head.getByRole('heading', { level: 1 })).toContainText('数码品类券');
    await expect(head).toContainText('满1000元可用');
    await expect(head.getByRole('button', { name: '立即领取' })).toBeEnabled();
    const count = await total(page);
    expect(count).toBeGreaterThan(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/goods_coupon\?id=4$/);
    await page.getByRole('link', { name: '价格从低到高' }).click();
    await expect(page).toHaveURL(/\/goods_coupon\?id=4&order=price_asc$/);
    expect(ascending(await prices(page))).toBe(true);
    const kw = page.getByRole('form', { name: '在适用商品中搜索' });
    await kw.getByRole('searchbox', { name: '搜索', exact: true }).fill('耳机');
    await kw.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/id=4&title=/);
    const names = await page.locator('[data-product-grid] .card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain('耳机');
    expect((await page.goto('/goods_coupon?id=999999'))?.status()).toBe(404);
  });

  test('a visitor who claims the coupon is asked to log in', async ({ page }) => {
    await page.goto('/goods_coupon?id=1');
    await page.getByRole('button', { name: '立即领取' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
