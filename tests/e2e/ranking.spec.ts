// The hot ranking (the reference build's extra route /goods_ranking/:cate_id?): server-rendered tabs and a numbered
// list, the product page's badge linking back, and the two API calls its client makes. Read-only.
import { test, expect, jsonLd } from './fixtures.ts';
import { okBody, refusal } from './accounts.ts';

test.describe('hot ranking', () => {
  test('lists the best sellers overall and per top-level category; a ranked product links back with its place', async ({
    page,
    request,
  }) => {
    const tabs = (await okBody(await request.get('/api/store/product/category/hotranking'))).data as {
      store_category_id: number;
      cate_name: string;
    }[];
    expect(tabs.length).toBeGreaterThan(0);

    const res = await page.goto('/goods_ranking');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('热销总榜');
    const nav = page.getByRole('navigation', { name: '榜单分类' });
    await expect(nav.getByRole('link')).toHaveCount(tabs.length + 1);
    await expect(nav.getByRole('link', { name: '总榜' })).toHaveAttribute('aria-current', 'page');
    const items = page.locator('.hot-ranking__item');
    await expect(items).toHaveCount(20);
    await expect(items.first().locator('.hot-ranking__num')).toHaveText('1');
    await expect(page.locator('.hot-ranking__num--top')).toHaveCount(3);
    await expect(items.first().locator('.price')).toHaveText(/¥\d/);
    await expect(items.first().getByText(/已售 \d+/)).toBeVisible();
    // Search engines read the ranking in order: an ItemList of the same products, first place first.
    const list = (await jsonLd(page)).find((b) => b['@type'] === 'ItemList') as { itemListElement: { position: number; url: string }[] };
    expect(list.itemListElement).toHaveLength(20);
    expect(list.itemListElement[0]!.position).toBe(1);
    const firstHref = await items.first().locator('.hot-ranking__name').getAttribute('href');
    expect(new URL(list.itemListElement[0]!.url).pathname).toBe(firstHref);

    // A category's tab: its own ranking, in the sitemap-friendly path form.
    const tab = tabs[0]!;
    await nav.getByRole('link', { name: tab.cate_name }).click();
    await page.waitForURL(`**/goods_ranking/${tab.store_category_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${tab.cate_name}热销榜`);
    await expect(nav.getByRole('link', { name: tab.cate_name })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/goods_ranking/${tab.store_category_id}$`));

    // Its best seller's page wears the badge, which leads back here.
    await page.locator('.hot-ranking__item').first().locator('.hot-ranking__name').click();
    await page.waitForURL(/\/goods_detail\/\d+$/);
    const badge = page.locator('[data-rank-badge]');
    await expect(badge).toHaveText(new RegExp(`^${tab.cate_name}热销榜 第 \\d+ 名$`));
    await expect(badge).toHaveAttribute('href', `/goods_ranking/${tab.store_category_id}`);
  });

  test('answers the API shapes its client reads; an unknown or malformed category is a 404 page and a clear API error', async ({
    page,
    request,
  }) => {
    const [overall] = (await okBody(await request.get('/api/product/spu/get_hot_ranking'))).data;
    expect(overall).toMatchObject({ store_category_id: 0, cate_name: '热销总榜' });
    expect(overall.list).toHaveLength(20);
    expect(overall.list[0]).toMatchObject({
      product_id: expect.any(Number),
      store_name: expect.any(String),
      image: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d\d$/),
    });
    const sales = overall.list.map((p: { sales: number }) => p.sales);
    expect(sales).toEqual([...sales].sort((a: number, b: number) => b - a));
    const tabs = (await okBody(await request.get('/api/store/product/category/hotranking'))).data;
    const [cat] = (await okBody(await request.get(`/api/product/spu/get_hot_ranking?cate_pid=${tabs[0].store_category_id}`))).data;
    expect(cat.cate_name).toBe(`${tabs[0].cate_name}热销榜`);

    await refusal(await request.get('/api/product/spu/get_hot_ranking?cate_pid=999999'), 404);
    expect((await refusal(await request.get('/api/product/spu/get_hot_ranking?cate_pid=abc'))).message).toBe('分类ID格式不正确');
    for (const path of ['/goods_ranking/999999', '/goods_ranking/abc']) expect((await page.goto(path))?.status(), path).toBe(404);
  });
});
