// A signed-in shopper's pages (their name, cart count, orders) must never be kept by a shared cache.
import { test, expect, sessionToken } from './fixtures.ts';
import { SESSION_COOKIE } from '../../src/shared/cookies.ts';

test("pages for a signed-in shopper are private, no-store; a visitor's are not", async ({ request }) => {
  const cookie = `${SESSION_COOKIE}=${sessionToken('buyer')}`;
  for (const path of ['/', '/goods_detail/1', '/store?id=1', '/news_list']) {
    const signedIn = await request.get(path, { headers: { cookie } });
    expect(signedIn.status(), path).toBe(200);
    expect(signedIn.headers()['cache-control'], path).toBe('private, no-store');
    const visitor = await request.get(path);
    expect(visitor.headers()['cache-control'] ?? '', path).not.toContain('private');
  }
});
