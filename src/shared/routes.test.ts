import { describe, it, expect } from 'vitest';
import {
  ROUTES,
  url,
  formEncode,
  matchRoute,
  parseId,
  safeLocalPath,
  guard,
  merchantUrl,
  merchantCategoryUrl,
  prefetchRules,
  type RouteDef,
  type RouteName,
} from './routes.ts';

/** Spec section 2, written out by hand so a route dropped from the table is noticed. */
const SPEC_PATHS = [
  '/',
  '/coupon_center',
  '/evaluation',
  '/goods_cate',
  '/goods_coupon',
  '/goods_list',
  '/goods_presell',
  '/goods_search',
  '/goods_seckill',
  '/login',
  '/logistics',
  '/logistics_delivery',
  '/merchant_settled',
  '/news_list',
  '/order_confirm',
  '/order_detail',
  '/order_stay_detail',
  '/payment',
  '/payment_failed',
  '/payment_success',
  '/privacy_agreement',
  '/qualifications',
  '/refund',
  '/refund_confirm',
  '/refund_detail',
  '/refund_goods',
  '/refund_logistics',
  '/shop_more',
  '/shop_street',
  '/shopping_cart',
  '/goods_detail/[id]',
  '/goods_presell_detail/[id]',
  '/goods_seckill_detail/[id]',
  '/news_detail/[id]',
  '/store',
  '/store/category',
  '/store/storeCoupon',
  '/user',
  '/user/address_list',
  '/user/balance',
  '/user/collect',
  '/user/integral',
  '/user/invoice_list',
  '/user/my_coupon',
  '/user/order_list',
  '/user/presell_order',
  '/user/refund_list',
  '/user/refund_select',
  '/user/settle_record',
];

const paths = Object.values(ROUTES).map((d) => d.path as string);

describe('route table', () => {
  it("has every route of spec section 2, and only those plus our scan-login confirmation, sandbox payment page and the reference build's ranking", () => {
    const ours = ['/scan_login', '/sandbox_pay', '/goods_ranking', '/goods_ranking/[id]'];
    expect(new Set(paths)).toEqual(new Set([...SPEC_PATHS, ...ours]));
    expect(paths).toHaveLength(SPEC_PATHS.length + ours.length);
    expect(matchRoute('/scan_login')?.login).toBe(true);
    expect(matchRoute('/sandbox_pay')?.login).toBe(false);
    expect(matchRoute('/goods_ranking')).toBe(ROUTES.goodsRanking);
    expect(matchRoute('/goods_ranking/12')).toBe(ROUTES.goodsRankingCate);
  });

  it('asks visitors to log in for the user centre, cart, orders, payment and refunds', () => {
    for (const p of ['/user', '/user/order_list', '/shopping_cart', '/order_confirm', '/payment', '/refund_detail']) {
      expect(matchRoute(p)?.login, p).toBe(true);
    }
  });

  it('lets visitors browse goods, shops, news and agreements', () => {
    for (const p of [
      '/',
      '/goods_list',
      '/goods_search',
      '/goods_detail/5',
      '/shop_street',
      '/store',
      '/news_list',
      '/privacy_agreement',
      '/login',
    ]) {
      expect(matchRoute(p)?.login, p).toBe(false);
    }
  });

  it('marks only the login page guest-only', () => {
    expect(
      Object.values(ROUTES)
        .filter((d) => d.guest)
        .map((d) => d.path),
    ).toEqual(['/login']);
  });
});

describe('url()', () => {
  it('builds plain paths', () => {
    expect(url('home')).toBe('/');
    expect(url('shoppingCart')).toBe('/shopping_cart');
    expect(url('storeCoupon')).toBe('/store/storeCoupon');
  });

  it('builds the header links of spec section 2', () => {
    expect(url('user', { type: 0 })).toBe('/user?type=0');
    expect(url('userOrderList', { type: 1 })).toBe('/user/order_list?type=1');
    expect(url('privacyAgreement', { type: 'sys_user_agree' })).toBe('/privacy_agreement?type=sys_user_agree');
  });

  it('puts the id in the query string on routes whose path has no [id] (shops, licences)', () => {
    expect(url('store', { id: 3 })).toBe('/store?id=3');
    expect(url('storeCategory', { id: 3, cate_id: 7 })).toBe('/store/category?id=3&cate_id=7');
    expect(url('goodsDetail', { id: 5 })).toBe('/goods_detail/5');
  });

  it('encodes query values and drops undefined and null ones', () => {
    const u = url('goodsSearch', { title: '手机 & 平板', page: 2, sort: undefined, cid: null });
    const parsed = new URL(u, 'http://mall.test');
    expect(parsed.pathname).toBe('/goods_search');
    expect([...parsed.searchParams]).toEqual([
      ['title', '手机 & 平板'],
      ['page', '2'],
    ]);
  });

  it('writes query strings exactly as URLSearchParams does (space as +, only letters, digits and *-._ left as they are)', () => {
    const written = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);
    const samples = ['', 'abc', '手机 & 平板', "!'()~*-._", 'a+b=c', '%20', 'US|USD|$', '/x?y#z', 'é😀', '\t\n', '\ud800x', 'x\udfff'];
    for (let c = 0; c < 256; c++) samples.push(String.fromCharCode(c));
    for (const text of samples) expect(formEncode(text), JSON.stringify(text)).toBe(written(text));
    expect(url('goodsSearch', { title: '茶 (新)!', page: 2 })).toBe(
      `/goods_search?${new URLSearchParams({ title: '茶 (新)!', page: '2' })}`,
    );
  });

  it('keeps an empty-string query value (an empty search is still a search)', () => {
    expect(url('goodsSearch', { title: '' })).toBe('/goods_search?title=');
  });

  it('fills [id] of detail pages and encodes it', () => {
    expect(url('goodsDetail', { id: 42 })).toBe('/goods_detail/42');
    expect(url('newsDetail', { id: '7' })).toBe('/news_detail/7');
    expect(url('goodsSeckillDetail', { id: 3, time: 10 })).toBe('/goods_seckill_detail/3?time=10');
    expect(url('goodsPresellDetail', { id: '../x?y' })).toBe('/goods_presell_detail/..%2Fx%3Fy');
  });

  it('refuses to build a detail URL without an id', () => {
    for (const id of [undefined, null, '']) expect(() => url('goodsDetail', { id })).toThrow(/id/);
    expect(() => url('newsDetail')).toThrow(/id/);
  });

  it('builds a URL every route name can be matched back from', () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const built = url(name, { id: 9 });
      expect(matchRoute(new URL(built, 'http://mall.test').pathname), name).toBe(ROUTES[name]);
    }
  });
});

describe('matchRoute()', () => {
  it('matches static paths with and without a trailing slash', () => {
    expect(matchRoute('/goods_list')).toBe(ROUTES.goodsList);
    expect(matchRoute('/goods_list/')).toBe(ROUTES.goodsList);
    expect(matchRoute('/user/')).toBe(ROUTES.user);
    expect(matchRoute('/')).toBe(ROUTES.home);
  });

  it('matches detail pages with exactly one id segment', () => {
    expect(matchRoute('/goods_detail/12')).toBe(ROUTES.goodsDetail);
    expect(matchRoute('/news_detail/abc')).toBe(ROUTES.newsDetail);
    expect(matchRoute('/goods_detail/')).toBeUndefined();
    expect(matchRoute('/goods_detail')).toBeUndefined();
    expect(matchRoute('/goods_detail/1/2')).toBeUndefined();
  });

  it('does not match unknown or look-alike paths', () => {
    for (const p of ['/nope', '/goods_lists', '/user/unknown', '/USER', '/store/category/x', '/api/user']) {
      expect(matchRoute(p), p).toBeUndefined();
    }
  });
});

describe('parseId()', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('accepts %s', (raw, n) => {
    expect(parseId(raw)).toBe(n);
  });

  it.each([undefined, '', '0', '-1', '01', '1.5', '1e3', 'abc', ' 1', '1 ', '0x10', '2147483648', '99999999999', '1/2'])(
    'refuses %j',
    (raw) => {
      expect(parseId(raw)).toBeNull();
    },
  );
});

describe('safeLocalPath()', () => {
  it.each(['/', '/user/order_list', '/goods_search?title=abc', '/goods_detail/3?x=1#top'])('keeps the local path %s', (p) => {
    expect(safeLocalPath(p)).toBe(p);
  });

  it('decodes an encoded local path', () => {
    expect(safeLocalPath('%2Fuser%2Forder_list')).toBe('/user/order_list');
  });

  it.each([
    null,
    undefined,
    '',
    'user',
    '//evil.com',
    '//evil.com/path',
    '///evil.com',
    '%2F%2Fevil.com',
    'https://evil.com',
    'http://evil.com/',
    'javascript:alert(1)',
    '/\\evil.com',
    '\\\\evil.com',
    '/a\\b',
    '%5C%5Cevil.com',
    '/%5Cevil.com',
    '/a\tb',
    '/a%0d%0aSet-Cookie:x=1',
    '/a\nb',
    '/a\u0000',
    '/a%00',
    '/a b',
    '%E0%A4%A',
  ])('refuses %j', (raw) => {
    expect(safeLocalPath(raw)).toBeNull();
  });
});

describe('guard()', () => {
  it('sends a visitor to /login from a login-only page and remembers where they were', () => {
    expect(guard('/user', false)).toEqual({ redirect: '/login', remember: true });
    expect(guard('/user/order_list/', false)).toEqual({ redirect: '/login', remember: true });
    expect(guard('/shopping_cart', false)).toEqual({ redirect: '/login', remember: true });
  });

  it('lets a signed-in shopper through login-only pages', () => {
    expect(guard('/user', true)).toBeNull();
    expect(guard('/payment', true)).toBeNull();
  });

  it('sends a signed-in shopper away from /login to the home page', () => {
    expect(guard('/login', true)).toEqual({ redirect: '/' });
    expect(guard('/login', false)).toBeNull();
  });

  it('leaves public and unknown pages alone', () => {
    for (const p of ['/', '/goods_detail/1', '/goods_search', '/nope', '/store/category']) {
      expect(guard(p, false), p).toBeNull();
      expect(guard(p, true), p).toBeNull();
    }
  });

  it('builds merchant URLs with the id in the query and without empty values or page 1', () => {
    expect(merchantUrl('store', { id: 5 })).toBe('/store?id=5');
    expect(merchantUrl('qualifications', { id: 3, storeName: '甲 乙' })).toBe('/qualifications?id=3&storeName=%E7%94%B2+%E4%B9%99');
    expect(merchantCategoryUrl({ id: 5, cate_id: 7, keyword: '', order: undefined, page: 1 })).toBe('/store/category?id=5&cate_id=7');
    expect(merchantCategoryUrl({ id: 5, keyword: '耳机', order: 'price_asc', price_on: '10', page: 3 })).toBe(
      '/store/category?id=5&keyword=%E8%80%B3%E6%9C%BA&order=price_asc&price_on=10&page=3',
    );
  });
});

describe('prefetchRules (what the browser prefetcher leaves alone)', () => {
  it('lists the pages not built and the signed-in pages, and nothing a visitor may prefetch', () => {
    const { never, signedIn } = prefetchRules();
    for (const d of Object.values(ROUTES) as RouteDef[]) {
      if (!d.built) expect(never, d.path).toContain(d.path);
      else if (d.login) expect(signedIn, d.path).toContain(d.path);
      else expect([...never, ...signedIn], d.path).not.toContain(d.path);
    }
    expect(signedIn).toContain('/user/order_list');
    expect(signedIn).not.toContain('/goods_search');
  });
});
