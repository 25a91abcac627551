import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { test, expect, sessionToken } from './fixtures.ts';
import { okBody, registered } from './accounts.ts';
import { SESSION_COOKIE } from '../../src/shared/cookies.ts';
import { addAddress, addLine, placeOrder, skuOf, stockOf } from './orders.ts';

// The visitor page cache (src/server/http/page-cache.ts): visitors share rendered catalogue pages, signed-in
// shoppers never do, a write drops at once the pages showing what it changed, and nothing else.
// Shop 19 is followed only here, and no spec writes to shop 12 (the page that must stay kept; it was shop 20, whose
// coupons merchant-coupons.spec writes). Other specs write to the same server meanwhile (claims, follows), and a claim
// that takes the last coupon of a product or shop coupon drops every page with product cards (their coupon markers):
// each check that expects a HIT runs as one block, retried until no other spec's write fell inside it. A MISS right
// after our own write needs no retry.
const SHOP = 19;
const OTHER_SHOP = 12;
const careCount = (html: string) => Number(/data-care-count>(\d+)</.exec(html)?.[1] ?? NaN);
const cacheOf = (res: APIResponse) => res.headers()['x-page-cache'];
const RETRY = { timeout: 25000 };

/** Requests `path` until it is served from the cache (the first request stores it). */
async function warm(request: APIRequestContext, path: string): Promise<string> {
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  const again = await request.get(path);
  expect(cacheOf(again), path).toBe('HIT');
  return again.text();
}

/** A newly registered shopper's token (a code sent, a registration, a password sign-in: writes a visitor never sees). */
async function newShopperToken(baseURL: string, headers: Record<string, string>): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
  try {
    const { phone, pwd } = await registered(api);
    const { data } = await okBody(await api.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd, phone_code: '86' } }));
    return data.token;
  } finally {
    await api.dispose();
  }
}

test.describe('visitor page cache', () => {
  test('a second visitor gets the same page from the cache', async ({ request }) => {
    const path = '/goods_search?title=%E8%8C%B6&order=sales&page=2';
    await expect(async () => {
      const first = await request.get(path);
      expect(first.status()).toBe(200);
      const second = await request.get(path);
      expect(second.headers()['x-page-cache']).toBe('HIT');
      expect(await second.text()).toBe(await first.text());
      expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
      expect(second.headers()['content-type']).toContain('text/html');
      // Compressed once, after its first hit: later hits send those bytes.
      const third = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(third.headers()['x-page-cache']).toBe('HIT');
      expect(third.headers()['content-encoding']).toBe('br');
      expect(await third.text()).toBe(await first.text());
    }).toPass(RETRY);
  });

  test('signed-in shoppers get the kept page with their own header; token holders and other currencies get their own pages', async ({
    request,
  }) => {
    const path = '/goods_detail/1';
    // Kept, then read by a signed-in shopper (again should another test's write drop the page in between).
    await expect(async () => {
      await warm(request, path);
      const signedIn = await request.get(path, { headers: { cookie: `${SESSION_COOKIE}=${sessionToken('buyer')}` } });
      expect(signedIn.headers()['x-page-cache']).toBe('HIT');
      expect(signedIn.headers()['cache-control']).toBe('private, no-store');
      const html = await signedIn.text();
      expect(html).not.toContain('登录/注册');
      expect(html).toContain('data-nickname');
    }).toPass(RETRY);

    // Another currency is its own page: not the kept yuan page of the same address (an address no other test asks for
    // in dollars, which would have kept that page too).
    const own = `${path}?currency-test=${Date.now()}`;
    await expect(async () => expect(await warm(request, own)).toContain('¥')).toPass(RETRY);
    const dollars = await request.get(own, { headers: { cookie: 'locale=US|USD|$' } });
    expect(dollars.headers()['x-page-cache']).not.toBe('HIT');
    expect(await dollars.text()).toMatch(/data-sku-price="true">\$\d+\.\d\d</);

    const token = await request.get(path, { headers: { 'X-Token': sessionToken('buyer') } });
    expect(token.headers()['x-page-cache']).toBeUndefined();
  });

  test("another shopper's sign-up, sign-in and cart add keep the visitor pages", async ({ request, baseURL, extraHTTPHeaders }) => {
    const product = 12;
    const path = `/goods_detail/${product}`;
    const { data: detail } = await okBody(await request.get(`/api/store/product/detail/${product}`));
    const sku = Object.values<{ unique: string; stock: number }>(detail.sku).find((s) => s.stock > 0)!;
    await expect(async () => {
      const before = await warm(request, path);
      const token = await newShopperToken(baseURL!, extraHTTPHeaders ?? {});
      const line = { product_id: product, product_attr_unique: sku.unique, cart_num: 1, is_new: 0, product_type: 0 };
      await okBody(await request.post('/api/user/cart/create', { headers: { 'X-Token': token }, data: line }));
      const after = await request.get(path);
      expect(cacheOf(after)).toBe('HIT');
      expect(await after.text()).toBe(before);
    }).toPass(RETRY);
  });

  test('a follow drops that shop page at once and keeps the other shops', async ({ request }) => {
    const page = `/store?id=${SHOP}`;
    const other = `/store?id=${OTHER_SHOP}`;
    const shopper = { 'X-Token': sessionToken('shopper') };
    let before = NaN;
    await expect(async () => {
      before = careCount(await warm(request, page));
      await warm(request, other);
      const follow = await request.post('/api/user/relation/create', { headers: shopper, data: { type: 10, type_id: SHOP } });
      try {
        expect((await follow.json()).status).toBe(200);
        const after = await request.get(page);
        expect(after.headers()['x-page-cache']).toBe('MISS');
        expect(careCount(await after.text())).toBe(before + 1);
        expect(cacheOf(await request.get(other))).toBe('HIT');
      } finally {
        await request.post('/api/user/relation/delete', { headers: shopper, data: { type: 10, type_id: SHOP } });
      }
    }).toPass(RETRY);
    const back = await request.get(page);
    expect(cacheOf(back)).toBe('MISS');
    expect(careCount(await back.text())).toBe(before);
  });

  test('a claim drops the coupon centre showing that coupon at once, and not pages without it', async ({
    request,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const centre = '/coupon_center';
    const news = '/news_list';
    // 平台通用券: limited, so visitors see how many are left.
    const remaining = (html: string) => Number(/data-coupon="1"[ >][\s\S]*?剩余 (?:<span[^>]*>)?(\d+)/.exec(html)?.[1] ?? NaN);
    await expect(async () => {
      const token = await newShopperToken(baseURL!, extraHTTPHeaders ?? {});
      const left = remaining(await warm(request, centre));
      await warm(request, news);
      await okBody(await request.post('/api/coupon/receive/1', { headers: { 'X-Token': token } }));
      const after = await request.get(centre);
      expect(cacheOf(after)).toBe('MISS');
      expect(remaining(await after.text())).toBeLessThanOrEqual(left - 1);
      expect(cacheOf(await request.get(news))).toBe('HIT');
    }).toPass(RETRY);
  });

  test("an order drops the bought product's page at once and keeps the lists it is on (their sales and sold-out marks may lag)", async ({
    request,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const shop = 17;
    const sku = await skuOf(request, shop);
    const path = `/goods_detail/${sku.product_id}`;
    const list = `/store?id=${shop}`;
    const token = await newShopperToken(baseURL!, extraHTTPHeaders ?? {});
    await addAddress(request, token);
    await expect(async () => {
      const before = await warm(request, path);
      await warm(request, list);
      const stock = await stockOf(request, sku);
      await placeOrder(request, token, [await addLine(request, token, sku, 1)]);
      const after = await request.get(path);
      expect(cacheOf(after)).toBe('MISS');
      expect(await after.text()).not.toBe(before);
      expect(await stockOf(request, sku)).toBe(stock - 1);
      expect(cacheOf(await request.get(list))).toBe('HIT');
    }).toPass(RETRY);
  });

  test('a kept page sent as it was compressed once has the headers and text of the page as rendered, for visitors and shoppers', async ({
    request,
  }) => {
    let attempt = 0;
    const shopper = `${SESSION_COOKIE}=${sessionToken('member')}`;
    // What may differ: the framing of the body (compressed once with a length, or on the way out in chunks).
    const framing = new Set(['date', 'x-page-cache', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
    const headersOf = (res: APIResponse) => Object.fromEntries(Object.entries(res.headers()).filter(([k]) => !framing.has(k)));
    await expect(async () => {
      // A page of its own for each attempt (a query parameter the page does not read is still part of its key).
      const path = `/goods_search?title=%E8%8C%B6&order=price_desc&attempt=${++attempt}`;
      const rendered = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(cacheOf(rendered)).toBe('MISS');
      // The render that kept the page sends it compressed once, as every later hit does: with its length.
      expect(rendered.headers()['content-encoding']).toBe('gzip');
      expect(Number(rendered.headers()['content-length'])).toBeGreaterThan(0);
      const sent = async (headers: Record<string, string>) => {
        const res = await request.get(path, { headers: { 'accept-encoding': 'gzip', ...headers } });
        expect(cacheOf(res)).toBe('HIT');
        expect(Number(res.headers()['content-length'])).toBeGreaterThan(0);
        return res;
      };
      const visitor = await sent({});
      expect(headersOf(visitor)).toEqual(headersOf(rendered));
      expect(headersOf(visitor)['content-encoding']).toBe('gzip');
      expect(await visitor.text()).toBe(await rendered.text());

      // A shopper's page joined from compressed pieces is the text they get uncompressed.
      const joined = await sent({ cookie: shopper });
      const plain = await request.get(path, { headers: { 'accept-encoding': 'identity', cookie: shopper } });
      expect(cacheOf(plain)).toBe('HIT');
      expect(await joined.text()).toBe(await plain.text());
      expect(await joined.text()).toContain('data-nickname');
      const { 'content-encoding': encoding, ...rest } = headersOf(joined);
      expect(encoding).toBe('gzip');
      expect(rest).toEqual(headersOf(plain));
      expect(rest['cache-control']).toBe('private, no-store');

      // A shopper's render that keeps a page sends them their page joined from the pieces their later hits are
      // joined from (compressed once: with its length); a product page, compressed on the way out.
      for (const first of [`${path}&first=shopper`, `/goods_detail/1?attempt=${attempt}`]) {
        const mine = await request.get(first, { headers: { 'accept-encoding': 'gzip', cookie: shopper } });
        expect(cacheOf(mine)).toBe('MISS');
        expect(mine.headers()['content-encoding']).toBe('gzip');
        expect(mine.headers()['cache-control']).toBe('private, no-store');
        if (first.startsWith('/goods_search')) expect(Number(mine.headers()['content-length'])).toBeGreaterThan(0);
        const mineAsText = await request.get(first, { headers: { 'accept-encoding': 'identity', cookie: shopper } });
        expect(cacheOf(mineAsText)).toBe('HIT');
        expect(await mine.text()).toBe(await mineAsText.text());
        expect(await mine.text()).toContain('data-nickname');
      }
    }).toPass(RETRY);

    // A cookie naming no live session gets the visitor page, and the cookie is dropped.
    const stale = await request.get('/goods_search?title=%E8%8C%B6&order=price_desc', {
      headers: { 'accept-encoding': 'gzip', cookie: `${SESSION_COOKIE}=no-such-session` },
    });
    expect(await stale.text()).toContain('登录/注册');
    expect(stale.headers()['set-cookie']).toContain(`${SESSION_COOKIE}=deleted`);
  });

  test('visitors and shoppers arriving at once at a page not kept yet cost one render, and each gets their page', async ({ request }) => {
    const shopper = `${SESSION_COOKIE}=${sessionToken('member')}`;
    await expect(async () => {
      // A search no one has asked for yet (a new one on every try).
      const path = `/goods_search?title=${encodeURIComponent(`茶 ${Date.now()}${Math.random()}`)}&order=sales`;
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => request.get(path)),
        ...Array.from({ length: 2 }, () => request.get(path, { headers: { cookie: shopper } })),
      ]);
      expect(answers.map((a) => a.status())).toEqual(Array(10).fill(200));
      expect(answers.map(cacheOf).filter((c) => c === 'MISS')).toHaveLength(1);
      const visitors = await Promise.all(answers.slice(0, 8).map((a) => a.text()));
      expect(new Set(visitors).size).toBe(1);
      expect(visitors[0]).toContain('登录/注册');
      for (const a of answers.slice(8)) {
        const html = await a.text();
        expect(html).toContain('data-nickname');
        expect(html).not.toContain('登录/注册');
      }
    }).toPass(RETRY);
  });

  test('error pages (with their own status line) and private pages are never cached', async ({ request }) => {
    for (let i = 0; i < 2; i++) {
      const missing = await request.get('/goods_detail/99999999');
      expect(missing.status()).toBe(404);
      expect(missing.statusText()).toBe('Not Found');
      expect(missing.headers()['x-page-cache']).not.toBe('HIT');
    }
    for (let i = 0; i < 2; i++) expect((await request.get('/login')).headers()['x-page-cache']).toBeUndefined();
  });
});
