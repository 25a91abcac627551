// Hostile input against every API endpoint and the public pages: whatever arrives (NUL bytes, huge numbers,
// arrays for strings, deep objects, bad encodings), the answer is never a 5xx. Endpoints are read from
// src/pages/api, so a new endpoint is fuzzed without touching this file. Signed-in calls use a freshly
// registered shopper, so no other test's data changes.
import fc from 'fast-check';
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody, registered } from './accounts.ts';
import { apiRoutes } from './api-routes.ts';

const PAGES = [
  '/',
  '/goods_search',
  '/goods_cate',
  '/goods_list',
  '/goods_ranking',
  '/goods_ranking/[id]',
  '/goods_detail/[id]',
  '/goods_seckill',
  '/goods_seckill_detail/[id]',
  '/goods_presell',
  '/goods_presell_detail/[id]',
  '/coupon_center',
  '/goods_coupon',
  '/store',
  '/store/category',
  '/store/storeCoupon',
  '/shop_street',
  '/shop_more',
  '/news_list',
  '/news_detail/[id]',
  '/privacy_agreement',
  '/qualifications',
  '/login',
];

/** Names the endpoints read (and a few they do not). */
const KEYS = [
  'id',
  'page',
  'limit',
  'type',
  'keyword',
  'title',
  'sid',
  'cate_id',
  'cate_pid',
  'brand_id',
  'mer_id',
  'order',
  'price_on',
  'price_off',
  'filter_params',
  'product_id',
  'cart_num',
  'product_attr_unique',
  'unique',
  'type_id',
  'is_new',
  'phone',
  'phone_code',
  'account',
  'password',
  'pwd',
  'confirm_pwd',
  'sms_code',
  'captcha',
  'key',
  'code',
  'user_type',
  'ids',
  'time',
  'reply',
  'seckill_time_id',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\0',
    'a\0b',
    '中\udfffabc',
    '%00',
    '-1',
    '0',
    '1e309',
    '9'.repeat(40),
    '-9223372036854775809',
    'NaN',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '[1,2]',
    '{"a":1}',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u202e',
    '😀'.repeat(30),
    '\ud800',
    'x'.repeat(5000),
    '1,2,3,,',
    '１２３',
    '0x10',
    '1.5',
    ' 7 ',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, -1, 0, 2 ** 53, -(2 ** 63), 1e308),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 3 }),
  ),
})).value;
const hostileRecord = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 6 });
const pathValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '99999999999999999999', 'abc', '%00', '%E4', '1.5', '%2e%2e', 'a%2Fb'),
  fc.nat().map(String),
);

/** Percent-encoded as a browser would (a lone surrogate becomes U+FFFD, as in a browser). */
const enc = (v: string) => encodeURIComponent((v as string & { toWellFormed(): string }).toWellFormed());
const asQuery = (r: Record<string, unknown>) =>
  Object.entries(r)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');

test.describe.configure({ timeout: 180000 });
// The signed-in calls send a shopper's token to the merchant API, a bad merchant token each: past 20 the address is
// locked out of the merchant API for 15 minutes. Its own addresses (TEST-NET-1), so merchant-fuzz.spec's calls with
// good tokens, or any other spec's, never come from a locked address.
test.use({ clientNet: '192.0.2' });

test('hostile input to every API endpoint never gets a 5xx, signed in or not', async ({
  request,
  playwright,
  baseURL,
  extraHTTPHeaders,
}) => {
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(40);
  const { phone, pwd } = await registered(request);
  const login = await request.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd } });
  const token: string = (await login.json()).data.token;
  const signedIn = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...extraHTTPHeaders, authorization: `Bearer ${token}` },
  });
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      pathValue,
      hostileRecord,
      fc.oneof(hostileRecord, hostileValue),
      fc.boolean(),
      async (route, id, query, body, auth) => {
        const path = route.template.replace(/\[[^\]]+\]/g, id);
        const api = auth ? signedIn : request;
        for (const method of route.methods) {
          const url = `${path}?${asQuery(query)}`;
          const res =
            method === 'GET'
              ? await api.get(url)
              : await api.fetch(url, { method, data: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          if (res.status() >= 500)
            failures.push(`${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.status()} ${(await res.text()).slice(0, 200)}`);
        }
      },
    ),
    { numRuns: 250 },
  );
  await signedIn.dispose();
  expect(failures).toEqual([]);
});

test('hostile query strings on the public pages never get a 5xx', async ({ request }) => {
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...PAGES), pathValue, hostileRecord, async (page, id, query) => {
      const url = `${page.replace('[id]', id)}?${asQuery(query)}`;
      const res = await request.get(url);
      if (res.status() >= 500) failures.push(`GET ${url} → ${res.status()}`);
    }),
    { numRuns: 150 },
  );
  expect(failures).toEqual([]);
});

test('a lone surrogate in a JSON text field is a 400 in Chinese and stores nothing (PostgreSQL text cannot hold it)', async ({
  request,
}) => {
  const auth = { authorization: `Bearer ${await freshShopper(request)}` };
  const title = (receipt_title: string) => ({
    headers: auth,
    data: { receipt_type: 1, receipt_title_type: 1, receipt_title, is_default: 0 },
  });
  // JSON.stringify writes a lone surrogate as its escape, as a client would send it.
  for (const bad of ['中\udfffabc', '\ud800x', '王\udfff']) {
    const res = await request.post('/api/user/receipt/create', title(bad));
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe('参数错误');
  }
  await okBody(await request.post('/api/user/receipt/create', title('中abc')));
  const { data } = await okBody(await request.get('/api/user/receipt/lst', { headers: auth }));
  expect(data.map((r: { receipt_title: string }) => r.receipt_title)).toEqual(['中abc']);
});

test('TRACE is 405, a malformed %-escape in the path is 400, NUL bytes in bodies are 400', async ({ request }) => {
  const trace = await request.fetch('/', { method: 'TRACE' });
  expect(trace.status()).toBe(405);
  // No endpoint takes PUT, PATCH or DELETE: 405 with the methods there are, in the API's envelope.
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const res = await request.fetch('/api/user/cart/lst', { method });
    expect(res.status(), method).toBe(405);
    expect(res.headers().allow).toBe('GET, HEAD, POST, OPTIONS');
    expect((await res.json()).message).toBe('不支持的请求方法');
  }
  const bad = await request.get('/goods_detail/%ZZ');
  expect(bad.status()).toBe(400);
  const nul = await request.post('/api/auth/login', { data: { account: '86138\u00000138000', password: 'a\u0000b' } });
  expect(nul.status()).toBe(400);
  expect((await nul.json()).message).toMatch(/[\u4e00-\u9fff]/);
});
