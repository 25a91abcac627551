// The news pages (/news_list, /news_detail/{id}) and their JSON API, against the built server. Articles are the
// Markdown files of src/content/news; the expectations are read from the API where they depend on the text.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, jsonLd } from './fixtures.ts';

type Item = { article_id: number; cid: number; title: string; synopsis: string; image_input: string; create_time: string };
interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const body = (await res.json()) as Envelope<T>;
  expect(body.status).toBe(200);
  return body.data;
}

const titles = (page: Page) => page.locator('.news-item__title').allTextContents();
const articles = (page: Page) => page.getByRole('list', { name: '文章列表' }).getByRole('listitem');
const tabs = (page: Page) => page.getByRole('navigation', { name: '资讯分类' });
const newestFirst = (dates: string[]) => dates.every((d, i) => i === 0 || dates[i - 1]! >= d);

test.describe('news list', () => {
  test('the header link opens the news list: 10 newest articles, the latest-news and recommendation asides', async ({
    page,
    request,
    baseURL,
  }) => {
    const all = await api<{ count: number; list: Item[] }>(request, '/api/article/lst/0');
    expect(all.count).toBeGreaterThan(10);
    await page.goto('/');
    await page.getByRole('link', { name: '新闻资讯' }).click();
    await expect(page).toHaveURL(/\/news_list$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新闻资讯');
    await expect(page).toHaveTitle(/^新闻资讯 - /);
    await expect(tabs(page).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
    await expect(articles(page)).toHaveCount(10);
    expect(await titles(page)).toEqual(all.list.map((a) => a.title));
    expect(newestFirst(await page.locator('.news-item time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? '')))).toBe(
      true,
    );
    await expect(page.locator('.news-item__img').first()).toHaveAttribute('src', all.list[0]!.image_input);
    await expect(page.locator('.news-item__synopsis').first()).toHaveText(all.list[0]!.synopsis);
    const latest = page.getByRole('complementary', { name: '最新资讯' });
    await expect(latest.getByRole('link').first()).toHaveAttribute('href', /^\/news_detail\/\d+$/);
    await expect(page.getByRole('complementary', { name: '为你推荐' }).getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/goods_detail\/\d+$/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/news_list`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  });

  test('a category tab shows only that category, with its own heading, breadcrumb and canonical', async ({ page, request, baseURL }) => {
    const guides = await api<{ count: number; list: Item[] }>(request, '/api/article/lst/2');
    expect(guides.count).toBeGreaterThan(0);
    await page.goto('/news_list');
    await tabs(page).getByRole('link', { name: '购物指南' }).click();
    await expect(page).toHaveURL(/\/news_list\?cid=2$/);
    await expect(tabs(page).getByRole('link', { name: '购物指南' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs(page).getByRole('link', { name: '全部' })).not.toHaveAttribute('aria-current', /./);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('购物指南');
    await expect(articles(page)).toHaveCount(Math.min(guides.count, 10));
    for (const tag of await page.locator('.news-item .news-tag').allTextContents()) expect(tag).toBe('购物指南');
    expect(await titles(page)).toEqual(guides.list.map((a) => a.title));
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('购物指南');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/news_list?cid=2`);
    await tabs(page).getByRole('link', { name: '全部' }).click();
    await expect(page).toHaveURL(/\/news_list$/);
  });

  test('the page 2 link shows the older articles; past the last page is an empty state', async ({ page, baseURL }) => {
    await page.goto('/news_list');
    const first = await titles(page);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/news_list\?page=2$/);
    await expect(page.getByRole('navigation', { name: '分页' }).locator('[aria-current="page"]')).toHaveText('2');
    const second = await titles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/news_list?page=2`);

    const res = await page.goto('/news_list?page=50');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('status')).toContainText('没有更多文章了');
    await expect(articles(page)).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: '回到第一页' }).click();
    await expect(articles(page)).toHaveCount(10);
  });

  test('a bad query is a 404 page with the Chinese message, as an unknown category is', async ({ page }) => {
    const res = await page.goto('/news_list?page=abc');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('页码必须是数字')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect((await page.goto('/news_list?cid=x'))?.status()).toBe(404);
    await expect(page.getByText('文章分类格式不正确')).toBeVisible();
    expect((await page.goto('/news_list?cid=99'))?.status()).toBe(404);
  });
});

test.describe('news article', () => {
  test('clicking an article opens it: rendered Markdown, breadcrumb, date and the articles either side', async ({ page, request }) => {
    await page.goto('/news_list?page=2');
    const link = page.locator('.news-item__title a').first();
    const title = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    const id = Number(href.replace('/news_detail/', ''));
    const detail = await api<Item & { category: { title: string }; content: { content: string } }>(request, `/api/article/detail/${id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/news_detail/${id}$`));
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    // The first Markdown heading (## …) is rendered as a real h2 of the article body.
    const h2 = /<h2[^>]*>(.*?)<\/h2>/.exec(detail.content.content)![1]!;
    await expect(article.locator('.news-body').getByRole('heading', { level: 2 }).first()).toHaveText(h2);
    await expect(article.locator('.news-body li').first()).toBeVisible();
    await expect(article.locator('time').first()).toHaveText(detail.create_time.slice(0, 10));
    const crumbs = page.getByRole('navigation', { name: '面包屑' });
    await expect(crumbs.getByRole('link')).toHaveText(['首页', '新闻资讯', detail.category.title]);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', detail.synopsis);
    // Neighbours: following 下一篇 then 上一篇 comes back here.
    const adjacent = page.getByRole('navigation', { name: '上一篇和下一篇' });
    await adjacent.locator('a[rel="next"]').click();
    await expect(page).not.toHaveURL(new RegExp(`/news_detail/${id}$`));
    await page.getByRole('navigation', { name: '上一篇和下一篇' }).locator('a[rel="prev"]').click();
    await expect(page).toHaveURL(new RegExp(`/news_detail/${id}$`));
    await crumbs.getByRole('link', { name: detail.category.title }).click();
    await expect(page).toHaveURL(new RegExp(`/news_list\\?cid=${detail.cid}$`));
  });

  test('structured data names the article (NewsArticle) and its breadcrumb', async ({ page, request, baseURL }) => {
    const [newest] = (await api<{ list: Item[] }>(request, '/api/article/lst/0?limit=1')).list;
    await page.goto(`/news_detail/${newest!.article_id}`);
    const ld = await jsonLd(page);
    const article = ld.find((d) => d['@type'] === 'NewsArticle') as Record<string, unknown> & {
      publisher: { name: string };
      image: string[];
    };
    expect(article.headline).toBe(newest!.title);
    expect(article.datePublished).toBe(`${newest!.create_time.replace(' ', 'T')}+08:00`);
    expect(article.image).toEqual([`${baseURL}${newest!.image_input}`]);
    expect(article.publisher.name).toBe('Mallfront 商城');
    expect(article.url).toBe(`${baseURL}/news_detail/${newest!.article_id}`);
    const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item?: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['首页', '新闻资讯', expect.any(String), newest!.title]);
    expect(crumbs.itemListElement[1]!.item).toBe(`${baseURL}/news_list`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/news_detail/${newest!.article_id}`);
  });

  test('an unknown or malformed id is the 404 page', async ({ page }) => {
    for (const path of ['/news_detail/999999', '/news_detail/abc', '/news_detail/0', '/news_detail/1.5']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
  });
});

test.describe('agreement pages', () => {
  test('an agreement and the list of them carry a visible breadcrumb and its BreadcrumbList', async ({ page, baseURL }) => {
    await page.goto('/privacy_agreement?type=sys_userr_privacy');
    const trail = page.getByRole('navigation', { name: '面包屑' });
    await expect(trail.getByRole('link', { name: '协议与规则' })).toHaveAttribute('href', '/privacy_agreement');
    await expect(trail.locator('[aria-current="page"]')).toHaveText('隐私政策');
    const crumbs = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item?: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['首页', '协议与规则', '隐私政策']);
    expect(crumbs.itemListElement[1]!.item).toBe(`${baseURL}/privacy_agreement`);

    await page.goto('/privacy_agreement');
    const list = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(list.itemListElement.map((i) => i.name)).toEqual(['首页', '协议与规则']);
  });
});

test.describe('news API', () => {
  test('categories, pages of a category, latest list and detail answer the documented fields', async ({ request }) => {
    const cats = await api<{ article_category_id: number; title: string }[]>(request, '/api/article/category/lst');
    expect(cats.map((c) => c.title)).toEqual(['平台公告', '购物指南', '商家动态', '行业资讯']);
    expect(cats.every((c) => Number.isInteger(c.article_category_id) && c.article_category_id > 0)).toBe(true);

    const all = await api<{ count: number; list: Item[] }>(request, '/api/article/lst/0?page=1&limit=10');
    expect(all.list).toHaveLength(10);
    expect(Object.keys(all.list[0]!).sort()).toEqual(['article_id', 'cid', 'create_time', 'image_input', 'synopsis', 'title']);
    expect(all.list[0]!.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(newestFirst(all.list.map((a) => a.create_time))).toBe(true);
    const rest = await api<{ count: number; list: Item[] }>(request, '/api/article/lst/0?page=2&limit=10');
    expect(rest.count).toBe(all.count);
    expect(rest.list).toHaveLength(all.count - 10);
    let perCategory = 0;
    for (const c of cats) {
      const page = await api<{ count: number; list: Item[] }>(request, `/api/article/lst/${c.article_category_id}?limit=100`);
      expect(page.list.every((a) => a.cid === c.article_category_id)).toBe(true);
      perCategory += page.count;
    }
    expect(perCategory).toBe(all.count);

    const latest = await api<{ count: number; list: Item[] }>(request, '/api/article/list?limit=3');
    expect(latest.list).toHaveLength(3);
    expect(Object.keys(latest.list[0]!).sort()).toEqual(['article_id', 'cid', 'create_time', 'image_input', 'synopsis', 'title']);

    const id = all.list[0]!.article_id;
    const detail = await api<Item & { content: { article_id: number; content: string } }>(request, `/api/article/detail/${id}`);
    expect(detail).toMatchObject(all.list[0]!);
    expect(detail.content.article_id).toBe(id);
    expect(detail.content.content).toMatch(/<h2[^>]*>/);
    expect(detail.content.content).not.toContain('---');
  });

  test('bad input is a 400 and unknown things a 404, in the envelope with a Chinese message', async ({ request }) => {
    for (const [path, status, message] of [
      ['/api/article/detail/abc', 400, '文章ID格式不正确'],
      ['/api/article/detail/999999', 404, '文章不存在'],
      ['/api/article/lst/x', 400, '文章分类格式不正确'],
      ['/api/article/lst/99', 404, '文章分类不存在'],
      ['/api/article/lst/0?page=0', 400, '页码不能小于1'],
      ['/api/article/lst/0?limit=1000', 400, '每页数量不能大于100'],
      ['/api/article/list?limit=abc', 400, '每页数量必须是数字'],
    ] as const) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(status);
      expect(await res.json(), path).toEqual({ status, message });
    }
  });
});
