// What crawlers and <img> tags fetch: robots.txt, the sitemap index and its shards, one address per page, list pages
// past their end kept out of the index, and /media pictures, over real HTTP against the built server. No browser:
// Playwright's `request` fixture.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/** The shards of the demo mall (~600 products, ~20 shops: one shard each). */
const SHARDS = ['pages', 'categories', 'promotions', 'stores-1', 'products-1'];
const CONCURRENCY = 8;

const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

/** The `<loc>` values of a sitemap document, unescaped. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1]!));
}

async function fetchXml(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  expect(res.headers()['cache-control']).toMatch(/max-age=\d+/);
  const xml = await res.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  // Every ampersand is an entity: a raw `&` makes the whole document unreadable to a crawler.
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  return xml;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

test.describe('robots.txt and sitemaps', () => {
  test('robots.txt names the sitemap and keeps private pages and the API out', async ({ request, baseURL }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/plain');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const p of ['/api/', '/login', '/user', '/shopping_cart', '/order_confirm', '/scan_login'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => /^Disallow: \/(goods|store|shop_street)/.test(l))).toBe(false);
  });

  test('a page asked for with a trailing slash moves for good to its address without it; the API does not move', async ({ request }) => {
    for (const [from, to] of [
      ['/goods_detail/12/', '/goods_detail/12'],
      ['/news_list/?page=2', '/news_list?page=2'],
      ['/store/category/?id=1&cate_id=2', '/store/category?id=1&cate_id=2'],
    ]) {
      const res = await request.get(from!, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers().location, from).toBe(to);
    }
    // Never off the site, whatever the slashes.
    const odd = await request.get('/%2F%2Fevil.example/', { maxRedirects: 0 });
    expect(odd.headers().location ?? '').not.toMatch(/^\/\/|^https?:/);
    const api = await request.get('/api/config/', { maxRedirects: 0 });
    expect(api.status()).not.toBe(301);
  });

  test('list pages past their last page are kept out of search engines', async ({ request }) => {
    const head = async (path: string) => {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      return {
        robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
        description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
      };
    };
    const past = [
      '/shop_street?page=50',
      '/shop_more?page=50',
      '/coupon_center?page=50',
      '/goods_presell?page=50',
      '/store?id=1&page=99',
      '/store/category?id=1&page=99',
    ];
    for (const path of past) expect((await head(path)).robots, path).toBe('noindex, nofollow');
    for (const path of ['/shop_street', '/shop_more', '/coupon_center', '/goods_presell', '/store?id=1', '/store/category?id=1'])
      expect((await head(path)).robots, path).toBe('index, follow');
    expect((await head('/goods_presell?page=50')).description).toMatch(/^新品预售进行中。/);
  });

  test("a list's later pages number their items on from the earlier pages' in the JSON-LD", async ({ request }) => {
    const firstPosition = async (path: string) => {
      const html = await (await request.get(path)).text();
      const lists = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
        .map((m) => JSON.parse(m[1]!))
        .flat()
        .filter((d) => d['@type'] === 'ItemList');
      return lists[0]?.itemListElement[0]?.position;
    };
    expect(await firstPosition('/shop_street?page=2')).toBe(11);
    expect(await firstPosition('/news_list?page=2')).toBe(11);
    expect(await firstPosition('/shop_street')).toBe(1);
  });

  test("a list's later pages say their number in the title; the first does not", async ({ request }) => {
    const title = async (path: string) => /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1];
    expect(await title('/shop_street?page=2')).toBe('店铺街 - 第2页 - Mallfront 商城');
    expect(await title('/shop_street')).toBe('店铺街 - Mallfront 商城');
  });

  test('the sitemap index lists every shard under the site URL', async ({ request, baseURL }) => {
    const xml = await fetchXml(request, '/sitemap.xml');
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual(SHARDS.map((s) => `${baseURL}/sitemap/${s}.xml`));
  });

  test('unknown shards are a plain 404', async ({ request }) => {
    for (const path of ['/sitemap/nope.xml', '/sitemap/products-2.xml', '/sitemap/products-0.xml', '/sitemap/stores-x.xml']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type'], path).toContain('text/plain');
    }
  });

  for (const shard of SHARDS) {
    test(`every URL of /sitemap/${shard}.xml answers 200 without a redirect`, async ({ request, baseURL }) => {
      test.setTimeout(180_000);
      const urls = locs(await fetchXml(request, `/sitemap/${shard}.xml`));
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(10_000);
      expect(new Set(urls).size).toBe(urls.length);
      for (const u of urls) expect(u.startsWith(`${baseURL}/`), u).toBe(true);
      const statuses = await pool(urls, CONCURRENCY, async (u) => {
        const res = await request.get(u, { maxRedirects: 0 });
        await res.dispose();
        return res.status();
      });
      const bad = urls.map((u, i) => `${statuses[i]} ${u.slice(baseURL!.length)}`).filter((_, i) => statuses[i] !== 200);
      expect(bad, `${bad.length} of ${urls.length} URLs did not answer 200:\n${bad.slice(0, 30).join('\n')}`).toHaveLength(0);
    });
  }
});

test.describe('/media pictures', () => {
  const PICTURE = '/media/cate-1.svg';

  test('serve the SVG with an immutable cache and a locked-down policy', async ({ request }) => {
    const res = await request.get(PICTURE);
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['content-type']).toMatch(/^image\/svg\+xml/);
    expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(h['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['etag']).toMatch(/^(W\/)?"[^"]+"$/);
    expect(await res.text()).toMatch(/^<svg /);
  });

  test('answer 304 to If-None-Match with the current ETag', async ({ request }) => {
    const etag = (await request.get(PICTURE)).headers()['etag']!;
    const again = await request.get(PICTURE, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()['etag']).toBe(etag);
    expect((await again.body()).length).toBe(0);
    const other = await request.get(PICTURE, { headers: { 'If-None-Match': '"something-else"' } });
    expect(other.status()).toBe(200);
  });

  test('link previews name a PNG the readers can show: a product\u2019s picture, and the logo elsewhere', async ({ request }) => {
    for (const [page, picture] of [
      ['/goods_detail/1', /\/media\/p1-1\.png$/],
      ['/', /\/images\/logo\.png$/],
    ] as const) {
      const html = await (await request.get(page)).text();
      const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(og, page).toMatch(picture);
      expect(html, page).toContain('<meta name="twitter:card" content="summary_large_image">');
      const png = await request.get(new URL(og).pathname);
      expect(png.status(), og).toBe(200);
      expect(png.headers()['content-type'], og).toBe('image/png');
      expect([...(await png.body()).subarray(0, 4)], og).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
    expect((await request.get('/media/no-such-picture.png')).status()).toBe(404);
  });

  test('unknown and malformed ids are a plain 404', async ({ request }) => {
    for (const path of [
      '/media/no-such-picture.svg',
      '/media/..%2F..%2Fetc%2Fpasswd.svg',
      '/media/a%20b.svg',
      `/media/${'x'.repeat(80)}.svg`,
      '/media/-x.svg',
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type'], path).toContain('text/plain');
      expect(res.headers()['content-security-policy'], path).toBe("default-src 'none'; style-src 'unsafe-inline'");
    }
  });
});
