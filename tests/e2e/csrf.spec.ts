// Cross-site requests against the shared test server: login CSRF, and per-address limits that a client cannot
// escape by rotating X-Forwarded-For (the test server trusts one proxy hop).
import { test, expect } from './fixtures.ts';

test('a cross-site sign-in is refused; the same sign-in from our own pages is evaluated', async ({ request, baseURL }) => {
  const body = { account: '8613900139000', password: 'wrong-password-1' };
  const cross = await request.post('/api/auth/login', { headers: { origin: 'https://evil.example' }, form: body });
  expect(cross.status()).toBe(403);
  expect((await cross.json()).message).toBe('非法的跨站请求');
  const crossFetch = await request.post('/api/auth/register', { headers: { 'sec-fetch-site': 'cross-site' }, data: {} });
  expect(crossFetch.status()).toBe(403);
  const own = await request.post('/api/auth/login', { headers: { origin: new URL(baseURL!).origin }, data: body });
  expect((await own.json()).message).toBe('账号或密码错误');
});

test('rotating the client-supplied X-Forwarded-For entries does not escape the per-address login limit', async ({
  playwright,
  baseURL,
}) => {
  // One client address as the trusted proxy appends it; before it, a new made-up entry on every request.
  const request = await playwright.request.newContext({ baseURL });
  const client = `198.51.100.${(Date.now() % 200) + 20}`;
  let demanded = false;
  for (let i = 0; i < 30 && !demanded; i++) {
    const res = await request.post('/api/auth/login', {
      headers: { 'x-forwarded-for': `10.9.${i}.${i + 1}, ${client}` },
      data: { account: `861370000${String(1000 + i).padStart(4, '0')}`, password: 'wrong-password-1' },
    });
    const body = await res.json();
    demanded = body.data?.need_captcha === true || /验证码/.test(body.message);
  }
  expect(demanded).toBe(true);
  await request.dispose();
});
