// The JSON API over real HTTP against the built server (spec sections 7 and 8, ARCHITECTURE "The API contract").
// No browser: Playwright's `request` fixture, plus raw node:http where the encoding on the wire matters.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { APIResponse } from '@playwright/test';
import { test, expect, sessionToken } from './fixtures.ts';
import { apiRoutes } from './api-routes.ts';
import { freshShopper } from './accounts.ts';

const SESSION_COOKIE = 'auth._token.local';
const CHINESE = /[\u4e00-\u9fff]/;

/** The envelope `{status, message, data?}`, checked for shape. */
async function envelope(res: APIResponse): Promise<{ status: number; message: string; data?: any }> {
  expect(res.headers()['content-type']).toContain('application/json');
  const body = await res.json();
  expect(typeof body.status).toBe('number');
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((k) => ['status', 'message', 'data'].includes(k))).toBe(true);
  return body;
}

/** An envelope that must be a success: HTTP 200 and status 200. */
async function okData(res: APIResponse) {
  expect(res.status()).toBe(200);
  const body = await envelope(res);
  expect(body.status).toBe(200);
  return body.data;
}

/** An envelope that must be a refusal with the same HTTP status (or `http` for app codes). */
async function refused(res: APIResponse, status: number, http = status) {
  expect(res.status()).toBe(http);
  const body = await envelope(res);
  expect(body.status).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('data');
  return body.message;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body is NOT decoded, so Content-Encoding can be checked as it travels. */
function raw(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, baseURL), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const optionsUrl = (kind: 'country' | 'currency', params: Record<string, string>) =>
  `/api/config/${kind}/options?${new URLSearchParams(params)}`;

test.describe('public endpoints', () => {
  test('GET /api/pc/home gives the top banner with image and group id', async ({ request }) => {
    const data = await okData(await request.get('/api/pc/home'));
    expect(data.pc_top_banner).toMatchObject({ image: expect.stringMatching(/^\/|^https?:/), group_data_id: expect.any(Number) });
  });

  test('GET /api/pc/config gives every site config field of spec section 3', async ({ request }) => {
    const data = await okData(await request.get('/api/pc/config'));
    for (const f of [
      'site_keywords',
      'site_description',
      'site_logo',
      'site_name',
      'wechat_qrcode',
      'sys_phone',
      'site_url',
      'is_open_service',
    ]) {
      expect(typeof data[f], f).toBe('string');
    }
    expect(data.site_name).toBeTruthy();
    expect(Array.isArray(data.copyright)).toBe(true);
    for (const item of data.copyright) expect(Object.keys(item).sort()).toEqual(['img', 'name', 'url']);
    expect(data.copyright.some((i: { url: string }) => i.url === '#')).toBe(true);
  });

  test('GET /api/common/hot_keyword gives a list of keywords', async ({ request }) => {
    const data = await okData(await request.get('/api/common/hot_keyword'));
    expect(data.length).toBeGreaterThan(0);
    for (const k of data) expect(Object.keys(k)).toEqual(['keyword']);
    expect(data.map((k: { keyword: string }) => k.keyword)).toContain('手机');
  });

  test('GET /api/config/country/options pages all countries by 20, China first', async ({ request }) => {
    const data = await okData(await request.get('/api/config/country/options'));
    expect(data.count).toBeGreaterThanOrEqual(249);
    expect(data.list).toHaveLength(20);
    expect(data.list[0]).toEqual({ value: 'CN', label: '中国', currency_code: 'CNY', phone_code: '86' });
    const page2 = await okData(await request.get(optionsUrl('country', { page: '2', limit: '5' })));
    expect(page2.count).toBe(data.count);
    expect(page2.list).toEqual((await okData(await request.get(optionsUrl('country', { limit: '10' })))).list.slice(5, 10));
  });

  test('GET /api/config/country/options searches by Chinese name, English name and calling code', async ({ request }) => {
    const codes = async (keyword: string) =>
      (await okData(await request.get(optionsUrl('country', { keyword })))).list.map((c: { value: string }) => c.value);
    expect(await codes('中国')).toEqual(['CN', 'HK', 'MO']);
    expect(await codes('japan')).toEqual(['JP']);
    expect(await codes('+86')).toEqual(['CN']);
    expect(await codes('86')).toEqual(['CN']);
  });

  test('GET /api/config/currency/options pages currencies by 20, CNY ¥ first, searchable', async ({ request }) => {
    const data = await okData(await request.get('/api/config/currency/options'));
    expect(data.count).toBeGreaterThan(150);
    expect(data.list).toHaveLength(20);
    expect(data.list[0]).toEqual({ value: 'CNY', label: '人民币', symbol: '¥' });
    const euro = await okData(await request.get(optionsUrl('currency', { keyword: 'euro' })));
    expect(euro.list.map((c: { value: string }) => c.value)).toContain('EUR');
  });

  test('unknown fields in the query are ignored', async ({ request }) => {
    const data = await okData(await request.get(optionsUrl('country', { limit: '3', foo: 'bar', 'page[]': 'x' })));
    expect(data.list).toHaveLength(3);
  });

  test('unknown /api paths answer 404 in the envelope, never the HTML page', async ({ request }) => {
    for (const path of ['/api/nope', '/api/user/nope', '/api/pc/home/extra', '/api/']) {
      expect(await refused(await request.get(path), 404), path).toMatch(CHINESE);
    }
    await refused(await request.post('/api/nope', { data: {} }), 404);
    // A method no endpoint takes is refused before the path is looked at.
    await refused(await request.delete('/api/nope', { headers: { 'content-type': 'application/json' } }), 405);
  });

  test('API answers are not cached by the browser or proxies', async ({ request }) => {
    for (const path of ['/api/pc/config', '/api/user', '/api/nope']) {
      expect((await request.get(path)).headers()['cache-control'], path).toContain('no-store');
    }
  });
});

test.describe('sessions', () => {
  test('a visitor gets HTTP 400 {status: 400, message: 请登录} for the user and the cart count', async ({ request }) => {
    for (const path of ['/api/user', '/api/user/cart/count']) {
      const res = await request.get(path);
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({ status: 400, message: '请登录' });
    }
  });

  test('every shopper write asks a visitor to sign in first, whatever the body', async ({ request }) => {
    // Writes open to visitors (signing in, resetting a password, the gateways' and sandbox's calls, the licence captcha)
    // and those of merchants and the operator (their own tokens) are left out; every other POST needs a shopper.
    const open =
      /^\/api\/(ajcheck|auth\/.*|logout|notify\/.*|pc\/login\/scan\/check|sandbox\/pay|store\/certificate\/.*|user\/change_pwd|merchant\/.*|operator\/.*)$/;
    const writes = apiRoutes()
      .filter((r) => r.methods.includes('POST') && !open.test(r.template))
      .map((r) => r.template.replace(/\[[a-z_]+\]/g, '1'));
    expect(writes.length).toBeGreaterThan(30);
    for (const path of writes) {
      const res = await request.post(path, { data: {} });
      expect(await res.json(), path).toEqual({ status: 400, message: '请登录' });
    }
  });

  test('a JSON body that is not an object gets 请求格式不正确 from every shopper POST, never zod’s type names', async ({ request }) => {
    const auth = { authorization: `Bearer ${await freshShopper(request)}`, 'content-type': 'application/json' };
    // Logout would end the session under test; gateways post forms; uploads are multipart; the SMS login answers
    // every failure 验证码错误 (spec section 8); a coupon is claimed with no body at all; merchants and the operator
    // have their own tokens.
    const skip = /^\/api\/(logout|notify\/.*|upload\/.*|auth\/smslogin|coupon\/receive\/.*|merchant\/.*|operator\/.*)$/;
    const writes = apiRoutes()
      .filter((r) => r.methods.includes('POST') && !skip.test(r.template))
      .map((r) => r.template.replace(/\[[a-z_]+\]/g, '1'));
    expect(writes.length).toBeGreaterThan(30);
    const odd: string[] = [];
    for (const path of writes) {
      for (const body of ['"x"', '5', 'true', 'null']) {
        const res = await request.post(path, { headers: auth, data: Buffer.from(body) });
        const { message } = await res.json();
        if (res.status() < 400 || !CHINESE.test(message) || /期望|object|string|boolean|null|数组/.test(message)) {
          odd.push(`${path} ${body} → ${res.status()} ${message}`);
        }
      }
    }
    expect(odd).toEqual([]);
  });

  const ways: [string, (t: string) => Record<string, string>][] = [
    ['the session cookie', (t) => ({ Cookie: `${SESSION_COOKIE}=${t}` })],
    ['Authorization: Bearer', (t) => ({ Authorization: `Bearer ${t}` })],
    ['X-Token', (t) => ({ 'X-Token': t })],
    ['X-Token: Bearer', (t) => ({ 'X-Token': `Bearer ${t}` })],
  ];

  for (const [way, headers] of ways) {
    test(`the member signs in with ${way}`, async ({ request }) => {
      const h = { ...headers(sessionToken('member')), 'Form-type': 'pc' };
      const user = await okData(await request.get('/api/user', { headers: h }));
      expect(user).toMatchObject({ nickname: '会员小米', is_open_member: 1, is_money_level: 1, phone: '138****8000' });
      expect(JSON.stringify(user)).not.toMatch(/13800138000|pwd|hash/);
      expect(await okData(await request.get('/api/user/cart/count', { headers: h }))).toEqual([{ count: 3 }]);
    });
  }

  test("another shopper sees their own data, not the member's", async ({ request }) => {
    const h = { Authorization: `Bearer ${sessionToken('buyer')}` };
    expect(await okData(await request.get('/api/user', { headers: h }))).toMatchObject({ nickname: '普通买家', is_open_member: 0 });
    expect(await okData(await request.get('/api/user/cart/count', { headers: h }))).toEqual([{ count: 0 }]);
  });

  test('a header token wins over a browser cookie', async ({ request }) => {
    const res = await request.get('/api/user', {
      headers: { Authorization: `Bearer ${sessionToken('member')}`, Cookie: `${SESSION_COOKIE}=${sessionToken('buyer')}` },
    });
    expect((await okData(res)).nickname).toBe('会员小米');
  });

  test('a stale header token: where a visitor must sign in, 无效的 token as status 40000 over HTTP 401; public calls answer as to a visitor', async ({
    request,
  }) => {
    const bad: Record<string, string>[] = [
      { Authorization: 'Bearer not-a-session' },
      { 'X-Token': 'not-a-session' },
      { 'X-Token': `Bearer ${'x'.repeat(5000)}` },
      { 'X-Token': 'Bearer not-a-session', Authorization: 'Bearer not-a-session' },
    ];
    for (const headers of bad) {
      for (const path of ['/api/user', '/api/user/cart/count']) {
        // The reference's answer to an invalid or expired token where a login is needed.
        expect(await refused(await request.get(path, { headers }), 40000, 401)).toBe('无效的 token');
      }
      expect((await okData(await request.get('/api/pc/config', { headers }))).site_name).toBe('Mallfront 商城');
    }
    // A client with no token sends these: no token, not a bad one.
    const none: Record<string, string>[] = [
      { 'X-Token': 'null' },
      { Authorization: 'Bearer undefined' },
      { 'X-Token': 'undefined', Authorization: 'Bearer null' },
    ];
    for (const headers of none) {
      expect(await refused(await request.get('/api/user', { headers }), 400)).toBe('请登录');
    }
  });

  test('X-Token wins over Authorization, as the reference backend reads it', async ({ request }) => {
    const res = await request.get('/api/user', {
      headers: { 'X-Token': `Bearer ${sessionToken('member')}`, Authorization: 'Bearer stale-token' },
    });
    expect((await okData(res)).nickname).toBe('会员小米');
  });

  test('an invalid session cookie makes the shopper a visitor and is cleared', async ({ request }) => {
    const headers = { Cookie: `${SESSION_COOKIE}=stale-or-forged-token` };
    const res = await request.get('/api/user', { headers });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ status: 400, message: '请登录' });
    const cleared = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toHaveLength(1);
    expect(cleared[0]!.value).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    // Public data still works for that visitor.
    expect((await okData(await request.get('/api/pc/home', { headers }))).pc_top_banner).toBeTruthy();
  });
});

test.describe('bad input is a 400 with a message, never a 500', () => {
  const bad: [string, Record<string, string>][] = [
    ['page 0', { page: '0' }],
    ['page -1', { page: '-1' }],
    ['page abc', { page: 'abc' }],
    ['page 1.5', { page: '1.5' }],
    ['a huge page', { page: '1'.repeat(40) }],
    ['limit 1000', { limit: '1000' }],
    ['a huge limit', { limit: '99999999999999999999' }],
    ['limit not a number', { limit: 'twenty' }],
    ['limit Infinity', { limit: 'Infinity' }],
    ['keyword %', { keyword: '%' }],
    ['keyword _', { keyword: '_' }],
    ['keyword <', { keyword: '<' }],
    ['keyword <script>', { keyword: '<script>alert(1)</script>' }],
    ['keyword NUL', { keyword: '\u0000' }],
    ['keyword with a backslash', { keyword: 'a\\b' }],
    ['keyword with ; and --', { keyword: "x'; drop table country; --" }],
    ['keyword of 51 characters', { keyword: '中'.repeat(51) }],
  ];

  for (const kind of ['country', 'currency'] as const) {
    for (const [name, params] of bad) {
      test(`${kind} options: ${name}`, async ({ request }) => {
        expect(await refused(await request.get(optionsUrl(kind, params)), 400)).toMatch(CHINESE);
      });
    }
  }

  test('a malformed percent-encoding in the query is a 400', async ({ request }) => {
    for (const q of ['keyword=%E0%A4%A', 'page=%E0', 'limit=%', 'keyword=%ZZ']) {
      expect(await refused(await request.get(`/api/config/country/options?${q}`), 400), q).toMatch(CHINESE);
    }
  });

  test('an apostrophe is searched as plain text, not SQL', async ({ request }) => {
    // ' is allowed in names (d'Ivoire); it must be bound as data, so nothing matches and nothing breaks.
    for (const kind of ['country', 'currency'] as const) {
      expect(await okData(await request.get(optionsUrl(kind, { keyword: "'" })))).toEqual({ count: 0, list: [] });
    }
  });
});

test.describe('transport', () => {
  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    test(`JSON and HTML are compressed for Accept-Encoding: ${encoding}`, async ({ baseURL }) => {
      // The category tree: JSON of several KB (answers under 1 KB go out as they are, below).
      const plain = await raw(baseURL!, '/api/store/product/category/lst');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const packed = await raw(baseURL!, '/api/store/product/category/lst', { 'Accept-Encoding': encoding });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(packed.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));

      const page = await raw(baseURL!, '/', { 'Accept-Encoding': encoding });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(decode(page.body).toString('utf8')).toMatch(/^<!DOCTYPE html>/i);
    });
  }

  test('a small JSON answer goes out as it is, with its length in bytes', async ({ baseURL }) => {
    // Compressing a few dozen bytes saves nothing and costs the server a compression stream per answer.
    for (const path of ['/api/health', '/api/no-such-call']) {
      const res = await raw(baseURL!, path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.headers['transfer-encoding'], path).toBeUndefined();
      // The refusal's Chinese message is several bytes a character: the length counts bytes.
      expect(Number(res.headers['content-length']), path).toBe(res.body.length);
      expect(JSON.parse(res.body.toString('utf8')).message, path).toBeTruthy();
    }
    expect(JSON.parse((await raw(baseURL!, '/api/no-such-call')).body.toString('utf8')).message).toBe('接口不存在');
  });

  test('the HTML page carries a strict content security policy and the baseline headers', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toContain('unsafe-eval');
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toBeTruthy();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBeTruthy();
  });

  test("every inline script and style of a page is allowed by that page's policy, render after render", async ({ request }) => {
    const home = await (await request.get('/')).text();
    const products = [...new Set([...home.matchAll(/href="(\/goods_detail\/\d+)"/g)].map((m) => m[1] ?? ''))].slice(0, 3);
    expect(products.length).toBeGreaterThan(1);
    // Several renders of the same routes: digests made once must still be each page's own.
    for (const path of ['/', '/goods_search?keyword=a', ...products, '/goods_search?keyword=b']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const csp = res.headers()['content-security-policy'] ?? '';
      const allowed = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
      const html = await res.text();
      const inline = (tag: string) =>
        [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
          .filter((m) => !/\bsrc=|type="application\/(ld\+)?json"/.test(m[1] ?? ''))
          .map((m) => m[2] ?? '');
      const scripts = inline('script');
      const styles = inline('style');
      expect(scripts.length + styles.length, path).toBeGreaterThan(0);
      const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      for (const s of scripts) expect(allowed('script-src'), path).toContain(hash(s));
      for (const s of styles) expect(allowed('style-src'), path).toContain(hash(s));
    }
  });

  test('API answers carry the baseline security headers too', async ({ request }) => {
    for (const path of ['/api/pc/home', '/api/user', '/api/nope']) {
      const h = (await request.get(path)).headers();
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['referrer-policy'], path).toBeTruthy();
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });

  test('hashed /_astro/ assets are cached for good; other static files are not', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const fromPage = html.match(/\/_astro\/[^"'\s)>]+\.(?:js|css)/)?.[0];
    const asset = fromPage ?? `/_astro/${readdirSync('dist/client/_astro').find((f) => /\.(js|css)$/.test(f))}`;
    const res = await request.get(asset);
    expect(res.status(), asset).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(res.headers()['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');

    const logo = (await okData(await request.get('/api/pc/config'))).site_logo as string;
    const other = await request.get(logo);
    expect(other.status(), logo).toBe(200);
    expect(other.headers()['cache-control'] ?? '').not.toContain('immutable');
  });
});

test.describe('cross-site requests (CSRF)', () => {
  const foreign = 'https://evil.example';

  test('a cookie-authenticated JSON POST from a foreign origin is refused with 403 by our middleware', async ({ request }) => {
    const res = await request.post('/api/user', {
      headers: { Cookie: `${SESSION_COOKIE}=${sessionToken('member')}`, Origin: foreign },
      data: { nickname: 'hacked' },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ status: 403, message: '非法的跨站请求' });
  });

  test('a cookie-authenticated form POST from a foreign origin is refused with 403', async ({ request }) => {
    const res = await request.post('/api/user', {
      headers: { Cookie: `${SESSION_COOKIE}=${sessionToken('member')}`, Origin: foreign },
      form: { nickname: 'hacked' },
    });
    expect(res.status()).toBe(403);
  });

  test('the JSON API takes JSON only: a form or text body is refused with 415 and changes nothing', async ({ request }) => {
    const headers = { Authorization: `Bearer ${sessionToken('buyer')}` };
    const before = (await (await request.get('/api/user/cart/count', { headers })).json()).data;
    const line = { product_id: 1, product_attr_unique: 'demo-sku-1', cart_num: 1, is_new: 0, product_type: 0 };
    for (const res of [
      await request.post('/api/user/cart/create', { headers, form: { ...line } }),
      await request.post('/api/user/cart/create', { headers: { ...headers, 'Content-Type': 'text/plain' }, data: JSON.stringify(line) }),
    ]) {
      expect(res.status()).toBe(415);
      expect(await res.json()).toEqual({ status: 415, message: '请求格式不正确，请以 JSON 格式提交' });
    }
    expect((await (await request.get('/api/user/cart/count', { headers })).json()).data).toEqual(before);
    const ok = await request.post('/api/user/cart/create', {
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
      data: JSON.stringify({ ...line, cart_num: 0 }),
    });
    expect(ok.status()).toBe(400); // JSON with a charset is read (and this one refused for its quantity)
  });

  test('a cross-site POST without Origin is refused by Sec-Fetch-Site', async ({ request }) => {
    const res = await request.post('/api/user', {
      headers: { Cookie: `${SESSION_COOKIE}=${sessionToken('member')}`, 'Sec-Fetch-Site': 'cross-site' },
      data: {},
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).status).toBe(403);
  });

  test('a same-origin cookie POST and a header-token POST get past the CSRF check', async ({ request, baseURL }) => {
    const sameOrigin = await request.post('/api/user', {
      headers: { Cookie: `${SESSION_COOKIE}=${sessionToken('member')}`, Origin: new URL(baseURL!).origin },
      data: {},
    });
    expect(sameOrigin.status()).not.toBe(403);
    // API clients authenticate by header, which a foreign page cannot make a browser send.
    const app = await request.post('/api/user', {
      headers: { Authorization: `Bearer ${sessionToken('member')}`, Origin: foreign },
      data: {},
    });
    expect(app.status()).not.toBe(403);
  });
});

test.describe('robustness', () => {
  test('a malformed session cookie makes the shopper a visitor, never a 500', async ({ request }) => {
    for (const bad of ['%', 'a%zz', '%25E0']) {
      const page = await request.get('/', { headers: { Cookie: `${SESSION_COOKIE}=${bad}` } });
      expect(page.status()).toBe(200);
      expect(await refused(await request.get('/api/user', { headers: { Cookie: `${SESSION_COOKIE}=${bad}` } }), 400)).toBe('请登录');
    }
  });

  test('a method an API path does not have answers in the envelope, not with the HTML page', async ({ request, baseURL }) => {
    const res = await request.post('/api/pc/home', { headers: { Origin: new URL(baseURL!).origin }, data: {} });
    expect(await refused(res, 404)).toMatch(CHINESE);
  });

  test('a body-less POST from an API client with a header token is not refused as cross-site', async ({ request }) => {
    const res = await request.post('/api/pc/home', { headers: { Authorization: `Bearer ${sessionToken('member')}` } });
    expect(res.status()).not.toBe(403);
    await refused(res, 404);
  });
});
