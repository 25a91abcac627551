// The mall behind a TLS terminator (HTTPS=1) and a trusted reverse proxy: a signed-in shopper's writes from the
// public https origin work, writes from another site are refused. Its own server: these settings would change
// what every other spec sees.
import { test, expect } from './fixtures.ts';
import { startServe, freePort } from './spawn-server.ts';

test.describe('behind HTTPS and a trusted proxy', () => {
  test.describe.configure({ timeout: 90000 });

  test('sign in, follow, claim, unfollow and sign out from the public https origin; another origin gets 403', async () => {
    const port = await freePort();
    const run = startServe({ PORT: String(port), DATA_DIR: 'memory://', HTTPS: '1', TRUST_PROXY: '1', SITE_URL: 'https://mall.example' });
    try {
      await run.ready();
      const base = `http://127.0.0.1:${port}`;
      // What the proxy forwards for a browser on https://shop.example (not SITE_URL: the forwarded host counts).
      const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', 'x-forwarded-for': '203.0.113.77' };
      const post = (path: string, headers: Record<string, string>, body: unknown = {}) =>
        fetch(base + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...proxied, ...headers },
          body: JSON.stringify(body),
        });

      const login = await post(
        '/api/auth/login',
        { origin: 'https://shop.example' },
        { account: '8613800138000', password: 'mall123456', phone_code: '86' },
      );
      expect(login.status).toBe(200);
      const setCookie = login.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/;\s*Secure/i);
      const cookie = setCookie.split(';')[0]!;

      const own = { origin: 'https://shop.example', cookie };
      const follow = await post('/api/user/relation/create', own, { type: 10, type_id: 5 });
      expect(follow.status, await follow.clone().text()).toBe(200);
      const claim = await post('/api/coupon/receive/2', own);
      expect([200, 400]).toContain(claim.status); // claimed, or refused by a business rule: never the CSRF 403
      expect((await claim.json()).message).not.toBe('非法的跨站请求');
      const site = await post('/api/user/relation/delete', { origin: 'https://mall.example', cookie }, { type: 10, type_id: 5 });
      expect(site.status).toBe(200);

      const evil = await post('/api/user/relation/create', { origin: 'https://evil.example', cookie }, { type: 10, type_id: 5 });
      expect(evil.status).toBe(403);
      expect((await evil.json()).message).toBe('非法的跨站请求');

      const logout = await post('/api/logout', own);
      expect(logout.status).toBe(200);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });
});
