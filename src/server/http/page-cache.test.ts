import { describe, it, expect } from 'vitest';
import type { Db } from '../db/client.ts';
import {
  keyOf,
  cachedEntry,
  cachedPage,
  keepPage,
  renderStart,
  expirePageAt,
  pageCacheSize,
  PAGE_CACHE_TTL_MS,
  PAGE_CACHE_MAX_BYTES,
  PAGE_CACHE_MAX_TOTAL_BYTES,
  PAGE_CACHE_MAX_ENTRIES,
  visitorAnswer,
} from './page-cache.ts';
import { invalidate } from '../services/cache.ts';
import { encodedBody } from './encoded-page.ts';

const SESSION = 'auth._token.local';
const get = (path: string, headers: Record<string, string> = {}) => {
  const url = new URL(path, 'http://mall.test');
  return { request: new Request(url, { headers }), url };
};
const key = (path: string, headers?: Record<string, string>) => {
  const { request, url } = get(path, headers);
  return keyOf(request, url, SESSION);
};
const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, ...init, headers: { 'content-type': 'text/html', ...(init.headers as object) } });

describe('visitor page cache', () => {
  it('keys public catalogue pages by URL, locale and banner cookies', () => {
    expect(key('/goods_search?title=茶')).toBe('/goods_search?title=%E8%8C%B6||');
    expect(key('/goods_detail/5', { cookie: 'locale=US|USD|$; top_banner7=1; other=x' })).toBe('/goods_detail/5|US|USD|$|top_banner7');
    for (const p of ['/', '/store?id=3', '/store/category?id=3', '/coupon_center', '/goods_seckill_detail/4', '/news_list']) {
      expect(key(p)).not.toBeNull();
    }
  });

  it('gives a signed-in shopper the visitor key of the catalogue pages they share', () => {
    for (const p of ['/', '/goods_detail/5', '/goods_search?title=茶', '/goods_cate?sid=2', '/store?id=3', '/goods_presell_detail/2']) {
      expect(key(p, { cookie: `${SESSION}=abc; locale=US|USD|$` })).toBe(key(p, { cookie: 'locale=US|USD|$' }));
    }
  });

  it('never keys private pages, the API, token holders, or signed-in shoppers on pages made for each shopper', () => {
    for (const p of ['/login', '/user', '/scan_login', '/api/pc/home', '/shopping_cart', '/qualifications?id=1', '/goods_searchx']) {
      expect(key(p)).toBeNull();
    }
    for (const p of ['/goods_list', '/coupon_center', '/goods_coupon', '/store/storeCoupon?id=3']) {
      expect(key(p)).not.toBeNull();
      expect(key(p, { cookie: `${SESSION}=abc` })).toBeNull();
    }
    expect(key('/', { 'x-token': 'abc' })).toBeNull();
    expect(key('/', { authorization: 'Bearer abc' })).toBeNull();
    const url = new URL('http://mall.test/');
    expect(keyOf(new Request(url, { method: 'POST' }), url, SESSION)).toBeNull();
  });

  it('serves a stored 200 page until a write changes something it shows', async () => {
    const db = {} as Db;
    const shown = () => ['merchant:3', 'coupon:7'];
    const { kept } = await keepPage(db, 'k', html('<p>one</p>', { headers: { 'content-security-policy': "default-src 'self'" } }), {
      shown,
    });
    expect(new TextDecoder().decode(kept!.body)).toBe('<p>one</p>');
    const hit = cachedPage(db, 'k')!;
    expect(hit.headers.get('x-page-cache')).toBe('HIT');
    expect(hit.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await hit.text()).toBe('<p>one</p>');
    invalidate(db, ['merchant:4', 'coupon:8', 'product:3']);
    invalidate(db, []);
    expect(cachedPage(db, 'k')).not.toBeNull();
    invalidate(db, ['coupon:7']);
    expect(cachedPage(db, 'k')).toBeNull();
  });

  it('drops only the pages showing what a write changed', async () => {
    const db = {} as Db;
    await keepPage(db, 'shop 3', html('3'), { shown: () => ['merchant:3', 'product', 'site'] });
    await keepPage(db, 'shop 4', html('4'), { shown: () => ['merchant:4', 'product', 'site'] });
    await keepPage(db, 'shop street', html('all'), { shown: () => ['merchant', 'site'] });
    await keepPage(db, 'unknown', html('?'));
    invalidate(db, ['merchant:3']);
    expect(cachedPage(db, 'shop 3')).toBeNull();
    expect(cachedPage(db, 'shop street')).toBeNull();
    expect(cachedPage(db, 'unknown')).toBeNull();
    expect(cachedPage(db, 'shop 4')).not.toBeNull();
    invalidate(db, ['site']);
    expect(cachedPage(db, 'shop 4')).toBeNull();
  });

  it('sends but does not keep a page whose render overlapped a change to what it shows', async () => {
    const db = {} as Db;
    const since = renderStart(db);
    invalidate(db, ['product:1']);
    await keepPage(db, 'other', html('a'), { shown: () => ['coupon:7'], since });
    const { kept, response: sent } = await keepPage(db, 'stale', html('b'), { shown: () => ['product:1'], since });
    expect(kept).toBeUndefined();
    expect(sent!.headers.get('x-page-cache')).toBe('MISS');
    expect(await sent!.text()).toBe('b');
    expect(cachedPage(db, 'stale')).toBeNull();
    expect(cachedPage(db, 'other')).not.toBeNull();
  });

  it('ends an entry at its TTL or at the moment the page said it changes', async () => {
    const db = {} as Db;
    const t = 1_000_000;
    await keepPage(db, 'ttl', html('a'), {}, t);
    expect(cachedPage(db, 'ttl', t + PAGE_CACHE_TTL_MS - 1)).not.toBeNull();
    expect(cachedPage(db, 'ttl', t + PAGE_CACHE_TTL_MS)).toBeNull();
    const locals: { pageCacheUntil?: number } = {};
    expirePageAt(locals, t + 500);
    expirePageAt(locals, t + 900);
    expect(locals.pageCacheUntil).toBe(t + 500);
    await keepPage(db, 'until', html('b'), { until: () => locals.pageCacheUntil }, t);
    expect(cachedPage(db, 'until', t + 499)).not.toBeNull();
    expect(cachedPage(db, 'until', t + 500)).toBeNull();
  });

  it('does not keep errors, non-HTML answers or pages that set cookies', async () => {
    const db = {} as Db;
    const answers = [
      new Response('gone', { status: 404, headers: { 'content-type': 'text/html' } }),
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      html('c', { headers: { 'set-cookie': 'a=b' } }),
    ];
    for (const [i, r] of answers.entries()) {
      expect((await keepPage(db, `x${i}`, r)).response?.headers.get('x-page-cache')).toBe('BYPASS');
      expect(cachedPage(db, `x${i}`)).toBeNull();
    }
    expect((await keepPage(db, 'astro-cookie', html('d'), { setsCookies: true })).response?.headers.get('x-page-cache')).toBe('BYPASS');
    expect(cachedPage(db, 'astro-cookie')).toBeNull();
  });

  it('stays within its entry and byte budgets, dropping the oldest pages first', async () => {
    const db = {} as Db;
    const page = 'x'.repeat(PAGE_CACHE_MAX_BYTES - 1024);
    const fit = Math.floor(PAGE_CACHE_MAX_TOTAL_BYTES / page.length);
    for (let i = 0; i < fit + 5; i++) await keepPage(db, `big${i}`, html(page));
    expect(pageCacheSize(db).bytes).toBeLessThanOrEqual(PAGE_CACHE_MAX_TOTAL_BYTES);
    expect(cachedPage(db, 'big0')).toBeNull();
    expect(cachedPage(db, `big${fit + 4}`)).not.toBeNull();
    expect((await keepPage(db, 'huge', html('x'.repeat(PAGE_CACHE_MAX_BYTES + 1)))).response?.headers.get('x-page-cache')).toBe('MISS');
    expect(cachedPage(db, 'huge')).toBeNull();

    const many = {} as Db;
    for (let i = 0; i < PAGE_CACHE_MAX_ENTRIES + 10; i++) await keepPage(many, `p${i}`, html('<p>small</p>'));
    expect(pageCacheSize(many).entries).toBe(PAGE_CACHE_MAX_ENTRIES);
    expect(cachedPage(many, 'p0')).toBeNull();
  });

  it('renews a page rendered again the same after its time was up with what was made of it before', async () => {
    const db = {} as Db;
    const page = `<p>${'同一页'.repeat(400)}</p>`;
    await keepPage(db, 'k', html(page), {}, 0);
    const first = cachedEntry(db, 'k', 0)!;
    const br = await encodedBody(first.body, 'br');
    expect(cachedEntry(db, 'k', PAGE_CACHE_TTL_MS)).toBeNull();
    const again = (await keepPage(db, 'k', html(page), {}, PAGE_CACHE_TTL_MS)).kept!;
    expect(again).toBe(cachedEntry(db, 'k', PAGE_CACHE_TTL_MS));
    // The same bytes: the compressed form made for the first is the second's, not made again.
    expect(again.body).toBe(first.body);
    expect(encodedBody(again.body, 'br')).toBe(br);
    expect(again.expires).toBe(2 * PAGE_CACHE_TTL_MS);
    // Once the page changes, its new bytes are kept (and compressed anew).
    expect(cachedEntry(db, 'k', 2 * PAGE_CACHE_TTL_MS)).toBeNull();
    await keepPage(db, 'k', html(`${page}!`), {}, 2 * PAGE_CACHE_TTL_MS);
    const changed = cachedEntry(db, 'k', 2 * PAGE_CACHE_TTL_MS)!;
    expect(changed.body).not.toBe(first.body);
    expect(Buffer.from(changed.body).toString()).toBe(`${page}!`);
  });
  it('answers every hit of a page with the same headers, made once: Accept-Encoding added to vary once, each marker and encoding its own', async () => {
    const db = {} as Db;
    await keepPage(db, 'h', html('<p>h</p>', { headers: { vary: 'Cookie', etag: '"e"' } }));
    const entry = cachedEntry(db, 'h')!;
    const bytes = new Uint8Array([1, 2, 3]);
    const first = visitorAnswer(entry, { encoding: 'br', bytes });
    const again = visitorAnswer(entry, { encoding: 'br', bytes });
    expect(again.headers).toBe(first.headers);
    expect(Object.fromEntries(again.headers)).toMatchObject({
      vary: 'Cookie, Accept-Encoding',
      'x-page-cache': 'HIT',
      'content-encoding': 'br',
      'content-length': '3',
      etag: '"e"',
    });
    // A smaller form of the same page (sent often: encoded-page.ts `HOT_AFTER`) says its own length.
    const smaller = visitorAnswer(entry, { encoding: 'br', bytes: new Uint8Array([1, 2]) });
    expect(smaller.headers.get('content-length')).toBe('2');
    expect(visitorAnswer(entry, { encoding: 'br', bytes }).headers.get('content-length')).toBe('3');
    const miss = visitorAnswer(entry, undefined, 'MISS');
    expect(miss.headers.get('x-page-cache')).toBe('MISS');
    expect(miss.headers.has('content-encoding')).toBe(false);
    expect(miss.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(visitorAnswer(entry).headers.get('x-page-cache')).toBe('HIT');
    expect(first.headers.get('x-page-cache')).toBe('HIT');
  });
});
