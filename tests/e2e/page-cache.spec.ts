import { test, expect, sessionToken } from './fixtures.ts';
import { SESSION_COOKIE } from '../../src/shared/cookies.ts';

// The visitor page cache (src/server/http/page-cache.ts): visitors share rendered catalogue pages, signed-in
// shoppers never do, and a write shows at once. Shop 19 is followed and unfollowed only here.
const SHOP = 19;
const careCount = (html: string) => Number(/data-care-count>(\d+)</.exec(html)?.[1] ?? NaN);

test.describe('visitor page cache', () => {
  test('a second visitor gets the same page from the cache', async ({ request }) => {
    const path = '/goods_search?title=%E8%8C%B6&order=sales&page=2';
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    const second = await request.get(path);
    expect(second.headers()['x-page-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
    expect(second.headers()['content-type']).toContain('text/html');
  });

  test('signed-in shoppers, token holders and other currencies get their own pages', async ({ request }) => {
    const path = '/goods_detail/1';
    await request.get(path);
    expect((await request.get(path)).headers()['x-page-cache']).toBe('HIT');

    const signedIn = await request.get(path, { headers: { cookie: `${SESSION_COOKIE}=${sessionToken('buyer')}` } });
    expect(signedIn.headers()['x-page-cache']).toBeUndefined();
    expect(await signedIn.text()).not.toContain('登录/注册');

    const dollars = await request.get(path, { headers: { cookie: 'locale=US|USD|$' } });
    expect(dollars.headers()['x-page-cache']).not.toBe('HIT');
    expect(await dollars.text()).toContain('$');

    const token = await request.get(path, { headers: { 'X-Token': sessionToken('buyer') } });
    expect(token.headers()['x-page-cache']).toBeUndefined();
  });

  test('a follow by a signed-in shopper shows to the next visitor at once', async ({ request }) => {
    const page = `/store?id=${SHOP}`;
    await request.get(page);
    const cached = await request.get(page);
    expect(cached.headers()['x-page-cache']).toBe('HIT');
    const before = careCount(await cached.text());

    const shopper = { 'X-Token': sessionToken('shopper') };
    const follow = await request.post('/api/user/relation/create', { headers: shopper, data: { type: 10, type_id: SHOP } });
    expect((await follow.json()).status).toBe(200);
    const after = await request.get(page);
    expect(after.headers()['x-page-cache']).toBe('MISS');
    expect(careCount(await after.text())).toBe(before + 1);

    await request.post('/api/user/relation/delete', { headers: shopper, data: { type: 10, type_id: SHOP } });
    expect(careCount(await (await request.get(page)).text())).toBe(before);
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
