// The catalogue JSON API over real HTTP against the built server (reference sections 1, 2 and 4d; ARCHITECTURE
// "The API contract"): envelopes and field names, paging and bad input, login-only writes.
// Writes that another spec could notice (cart count, coupon `issue`, shop follows) are made by a shopper
// registered for that test, never by the shared demo `member` (api.spec.ts and shell.spec.ts assert its
// cart count), so tests neither depend on nor disturb each other.
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { test, expect, sessionToken } from './fixtures.ts';
import { latestCode, uniquePhone } from './sms.ts';

const CHINESE = /[\u4e00-\u9fff]/;

type Envelope = { status: number; message: string; data?: any };

async function envelope(res: APIResponse): Promise<Envelope> {
  expect(res.headers()['content-type']).toContain('application/json');
  const body = await res.json();
  expect(typeof body.status).toBe('number');
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((k) => ['status', 'message', 'data'].includes(k))).toBe(true);
  return body;
}

/** The `data` of a successful envelope (HTTP 200, status 200). */
async function okData(res: APIResponse): Promise<any> {
  const body = await envelope(res);
  expect(res.status(), `${res.url()}: ${body.message}`).toBe(200);
  expect(body.status).toBe(200);
  return body.data;
}

/** A refusal with the same HTTP status and a Chinese message; returns the message. */
async function refused(res: APIResponse, status: number): Promise<string> {
  const body = await envelope(res);
  expect(res.status(), `${res.url()}: ${body.message}`).toBe(status);
  expect(body.status).toBe(status);
  expect(body.message).toMatch(CHINESE);
  return body.message;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A `{count, list}` page whose items all carry `fields`. */
function expectPage(data: any, fields: string[]) {
  expect(typeof data.count).toBe('number');
  expect(Array.isArray(data.list)).toBe(true);
  expect(data.list.length).toBeGreaterThan(0);
  for (const item of data.list) for (const f of fields) expect(item, f).toHaveProperty(f);
}

const CARD = [
  'product_id',
  'mer_id',
  'store_name',
  'image',
  'price',
  'ot_price',
  'sales',
  'rate',
  'stock',
  'unit_name',
  'product_type',
  'issetCoupon',
  'merchant',
];

/**
 * Registers a new shopper through the accounts API (in a throwaway context, so no session cookie lands on
 * the test's own `request`) and returns the Authorization header of a password-login session.
 */
async function freshShopper(baseURL: string, headers: Record<string, string>): Promise<Record<string, string>> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
  try {
    const phone = uniquePhone();
    const send = { phone_code: '86', phone, type: 'register' };
    let sent = await api.post('/api/auth/verify', { data: send });
    if ((await sent.json()).data?.need_captcha) {
      const captcha = await okData(await api.get('/api/captcha'));
      sent = await api.post('/api/auth/verify', { data: { ...send, key: captcha.key, code: captcha.code } });
    }
    await okData(sent);
    const sms_code = await latestCode(phone, { type: 'register' });
    await okData(await api.post('/api/auth/register', { data: { phone_code: '86', phone, sms_code, pwd: 'pass2026', user_type: 'pc' } }));
    const session = await okData(await api.post('/api/auth/login', { data: { account: `86${phone}`, password: 'pass2026' } }));
    return bearer(session.token);
  } finally {
    await api.dispose();
  }
}

test.describe('catalogue API: menus and filters', () => {
  test('category tree, brands, shop types, merchant categories and parameter filters', async ({ request }) => {
    const tree = await okData(await request.get('/api/store/product/category/lst'));
    expect(tree.list.length).toBeGreaterThan(0);
    const top = tree.list[0];
    expect(top).toMatchObject({ store_category_id: expect.any(Number), cate_name: expect.any(String), pic: expect.any(String) });
    expect(top.children[0].children[0]).toHaveProperty('cate_name');

    // The reference asks limit=999: clamped to the contract's 100, not refused; pid and cate_id are one filter.
    const brands = await okData(await request.get(`/api/store/product/brand/lst?limit=999&keyword=&pid=${top.store_category_id}`));
    expectPage(brands, ['brand_id', 'brand_name', 'pic']);
    expect(await okData(await request.get(`/api/store/product/brand/lst?cate_id=${top.store_category_id}`))).toEqual(brands);
    expect((await okData(await request.get('/api/store/product/brand/lst?limit=1000'))).list.length).toBeLessThanOrEqual(100);
    await refused(await request.get('/api/store/product/brand/lst?limit=abc'), 400);
    await refused(await request.get('/api/store/product/brand/lst?limit=0'), 400);

    const types = await okData(await request.get('/api/intention/type'));
    expect(types.length).toBeGreaterThan(0);
    expect(types[0]).toEqual({ mer_type_id: expect.any(Number), type_name: expect.any(String) });
    const cates = await okData(await request.get('/api/pc/mer_category'));
    expect(cates[0]).toEqual({ merchant_category_id: expect.any(Number), category_name: expect.any(String) });
    expect(await okData(await request.get('/api/intention/cate'))).toEqual(cates);

    const params = await okData(await request.get(`/api/product/spu/params?keyword=&cate_id=${top.store_category_id}&is_pc=1`));
    expect(params.length).toBeGreaterThan(0);
    expect(params[0]).toMatchObject({ parameter_id: expect.any(Number), name: expect.any(String) });
    expect(params[0].value[0]).toEqual({ value: expect.any(String) });
    expect(await refused(await request.get('/api/product/spu/params?cate_id=x'), 400)).toBe('分类格式不正确');
  });
});

test.describe('catalogue API: product lists', () => {
  test('search list pages, filters by parameter JSON and refuses bad input in Chinese', async ({ request }) => {
    const first = await okData(await request.get('/api/product/spu/lst?page=1&limit=4&common=1'));
    expectPage(first, CARD);
    expect(first.list).toHaveLength(4);
    const second = await okData(await request.get('/api/product/spu/lst?page=2&limit=4'));
    expect(second.count).toBe(first.count);
    const ids = new Set(first.list.map((p: any) => p.product_id));
    expect(second.list.some((p: any) => ids.has(p.product_id))).toBe(false);

    const params = await okData(await request.get('/api/product/spu/params?cate_id=1'));
    const [param] = params;
    const filter = JSON.stringify({ [param.parameter_id]: [param.value[0].value] });
    const filtered = await okData(await request.get(`/api/product/spu/lst?cate_pid=1&filter_params=${encodeURIComponent(filter)}`));
    expect(filtered.count).toBeGreaterThan(0);
    expect(filtered.count).toBeLessThan(first.count);

    const sorted = (await okData(await request.get('/api/product/spu/lst?order=price_asc&limit=10&price_on=100&price_off=500'))).list;
    const prices = sorted.map((p: any) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((p: number) => p >= 100 && p <= 500)).toBe(true);

    const bad: [string, string | RegExp][] = [
      ['page=-1', '页码不能小于1'],
      ['page=abc', '页码必须是数字'],
      ['limit=1000', '每页数量不能大于100'],
      ['filter_params=%7Bnot-json', '筛选参数格式不正确，应为 JSON 对象'],
      ['filter_params=%5B1%5D', /筛选参数/],
      ['order=cheapest', '排序方式不正确'],
      ['price_on=abc', '最低价格式不正确'],
      ['brand_id=1,x', '品牌格式不正确'],
    ];
    for (const [query, message] of bad) {
      const got = await refused(await request.get(`/api/product/spu/lst?${query}`), 400);
      if (typeof message === 'string') expect(got, query).toBe(message);
      else expect(got, query).toMatch(message);
    }
  });

  test('curated lists, recommendations and the category plaza', async ({ request }) => {
    for (const type of ['best', 'hot', 'new', 'good']) {
      const page = await okData(await request.get(`/api/product/spu/hot/${type}?page=1&limit=3&common=1`));
      expectPage(page, CARD);
      expect(page.list.length).toBeLessThanOrEqual(3);
    }
    expect(await refused(await request.get('/api/product/spu/hot/cheap'), 400)).toBe('榜单类型不正确');
    await refused(await request.get('/api/product/spu/hot/best?limit=1000'), 400);

    expectPage(await okData(await request.get('/api/product/spu/recommend?page=1&limit=5')), CARD);
    await refused(await request.get('/api/product/spu/recommend?page=-1'), 400);

    const plaza = await okData(await request.get('/api/pc/rec_list?page=1&limit=3'));
    expectPage(plaza, ['title', 'cid', 'left_image', 'left_link', 'bottom_image', 'bottom_link', 'list']);
    expect(plaza.list.length).toBeLessThanOrEqual(3);
    expect(plaza.list[0].list.length).toBeLessThanOrEqual(8);
    expect(plaza.list[0].list[0]).toHaveProperty('store_name');
    await refused(await request.get('/api/pc/rec_list?limit=1000'), 400);
  });
});

test.describe('catalogue API: product detail', () => {
  test('detail, show, reviews and price notes carry the documented fields', async ({ request }) => {
    const d = await okData(await request.get('/api/store/product/detail/7'));
    expect(d).toMatchObject({ product_id: 7, mer_id: expect.any(Number), cate_id: expect.any(Number), isRelation: false, product_type: 0 });
    for (const f of [
      'store_name',
      'slider_image',
      'price',
      'ot_price',
      'stock',
      'sales',
      'unit_name',
      'attr',
      'sku',
      'guaranteeTemplate',
      'once_min_count',
      'once_max_count',
      'merchant',
    ]) {
      expect(d, f).toHaveProperty(f);
    }
    // Reference 4d: one attr per dimension, the SKU map keyed by the values joined with commas in attr order.
    expect(d.attr[0]).toMatchObject({ attr_name: expect.any(String), attr_values: expect.any(Array) });
    const key = d.attr.map((a: any) => a.attr_values[0]).join(',');
    expect(d.sku[key]).toMatchObject({ price: expect.any(String), stock: expect.any(Number), unique: expect.any(String) });

    const show = await okData(await request.get('/api/store/product/show/7'));
    expect(show).toMatchObject({ product_id: 7, content: { content: expect.any(String) }, params: expect.any(Array) });
    expect(show.temp).toEqual({ name: expect.any(String), info: expect.any(String) });
    expect(show.guaranteeTemplate).toBeTruthy();
    expect(show.merchant).toMatchObject({ mer_id: d.mer_id, mer_name: expect.any(String), recommend: expect.any(Array) });

    const reviews = await okData(await request.get('/api/store/product/reply/lst/5?page=1&limit=2&type=count'));
    expect(reviews).toMatchObject({ count: expect.any(Number), rate: expect.any(Number), star: expect.any(Number) });
    expect(Object.keys(reviews.stat).sort()).toEqual(['best', 'count', 'middle', 'negative']);
    expect(reviews.list.length).toBeLessThanOrEqual(2);
    for (const f of ['avatar', 'nickname', 'rate', 'comment', 'pics', 'create_time', 'merchant_reply_content'])
      expect(reviews.list[0], f).toHaveProperty(f);
    const bad = await okData(await request.get('/api/store/product/reply/lst/5?type=negative'));
    expect(bad.list.length).toBe(reviews.stat.negative);
    expect(await refused(await request.get('/api/store/product/reply/lst/5?type=awful'), 400)).toBe('评价筛选类型不正确');

    const rule = await okData(await request.get(`/api/store/product/price_rule/${d.cate_id}`));
    expect(rule.content.length).toBeGreaterThan(0);
  });

  test('unknown ids are a 404 envelope, malformed ids a 400, never a crash', async ({ request }) => {
    for (const path of ['detail', 'show', 'reply/lst', 'seckill/detail', 'presell/detail']) {
      expect(await refused(await request.get(`/api/store/product/${path}/999999`), 404), path).toBe('商品不存在或已下架');
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) await refused(await request.get(`/api/store/product/${path}/${id}`), 400);
    }
    expect(await refused(await request.get('/api/store/product/detail/abc'), 400)).toBe('商品格式不正确');
    await refused(await request.get('/api/store/product/price_rule/abc'), 400);
    await refused(await request.get('/api/store/merchant/detail/9999'), 404);
    await refused(await request.get('/api/product/spu/merchant/9999'), 404);
    // A path without its id is an unknown API path.
    expect(await refused(await request.get('/api/store/product/detail'), 404)).toBe('接口不存在');
    // A write endpoint asked with GET answers in the envelope too.
    expect(await refused(await request.get('/api/coupon/receive/2'), 404)).toMatch(CHINESE);
  });
});

test.describe('catalogue API: coupons', () => {
  test('coupon centre, product and shop coupons, and the products of a coupon', async ({ request }) => {
    const centre = await okData(await request.get('/api/coupon/getlst?page=1&limit=15&type=&product=1'));
    expectPage(centre, ['coupon_id', 'title', 'type', 'coupon_price', 'use_min_price', 'issue', 'ProductLst']);
    expect(centre.list.length).toBeLessThanOrEqual(15);
    expect(centre.list.every((c: any) => c.issue === false)).toBe(true);
    const category = await okData(await request.get('/api/coupon/getlst?type=11'));
    expect(category.list.every((c: any) => c.type === 11)).toBe(true);
    expect(await refused(await request.get('/api/coupon/getlst?type=5'), 400)).toBe('优惠券类型不正确');
    await refused(await request.get('/api/coupon/getlst?limit=1000'), 400);

    const forProduct = await okData(await request.get('/api/coupon/product?ids=5'));
    expect(forProduct.length).toBeGreaterThan(0);
    expect(forProduct.every((c: any) => c.type === 1)).toBe(true);
    expect(await refused(await request.get('/api/coupon/product?ids=5,x'), 400)).toBe('商品格式不正确');

    const shopOnly = await okData(await request.get('/api/coupon/store/5'));
    const all = await okData(await request.get('/api/coupon/store/5?all=1'));
    expect(shopOnly.every((c: any) => c.type === 0)).toBe(true);
    expect(all.some((c: any) => c.type === 1)).toBe(true);
    expect(all.length).toBeGreaterThan(shopOnly.length);
    for (const f of ['coupon_type', 'coupon_time', 'use_start_time', 'use_end_time']) expect(all[0], f).toHaveProperty(f);
    await refused(await request.get('/api/coupon/store/abc'), 400);

    const products = await okData(await request.get('/api/product/spu/coupon_product?coupon_id=31&page=1&limit=2'));
    expect(products.coupon).toMatchObject({ coupon_price: expect.any(String), use_min_price: expect.any(String) });
    expectPage(products, CARD);
    expect(products.list.length).toBeLessThanOrEqual(2);
    expect(await refused(await request.get('/api/product/spu/coupon_product'), 400)).toBe('优惠券格式不正确');
    await refused(await request.get('/api/product/spu/coupon_product?coupon_id=999999'), 404);
  });
});

test.describe('catalogue API: shops', () => {
  test('shop street, shop detail and banners, shop categories and shop products', async ({ request }) => {
    const street = await okData(await request.get('/api/store/merchant/lst?page=1&limit=10&category_id=1'));
    expectPage(street, ['mer_id', 'mer_name', 'mer_avatar', 'type_name', 'is_trader', 'care_count', 'recommend']);
    expect(street.list[0].recommend.length).toBeLessThanOrEqual(3);
    const best = await okData(await request.get('/api/store/merchant/lst?page=1&limit=2&is_best=1'));
    expect(best.list.every((m: any) => m.is_best === 1)).toBe(true);
    expect(best.list.length).toBeLessThanOrEqual(2);
    expect(await refused(await request.get('/api/store/merchant/lst?order=cheap'), 400)).toBe('排序方式不正确');
    await refused(await request.get('/api/store/merchant/lst?page=0'), 400);

    const shop = await okData(await request.get('/api/store/merchant/detail/5'));
    for (const f of [
      'mer_id',
      'mer_name',
      'mer_avatar',
      'is_trader',
      'type_name',
      'product_score',
      'service_score',
      'postage_score',
      'care_count',
      'service_phone',
      'top_banner',
      'banner',
    ]) {
      expect(shop, f).toHaveProperty(f);
    }
    expect(await okData(await request.get('/api/pc/mer_config/5'))).toEqual({
      top_banner: shop.top_banner,
      banner: shop.banner.map((img: string) => ({ img })),
    });

    const tree = await okData(await request.get('/api/store/merchant/category/lst/5'));
    expect(tree[0]).toMatchObject({ store_category_id: expect.any(Number), cate_name: expect.any(String), children: expect.any(Array) });

    const products = await okData(await request.get('/api/product/spu/merchant/5?page=1&limit=12&common=1&mer_cate_id='));
    expectPage(products, CARD);
    expect(products.list.every((p: any) => p.mer_id === 5)).toBe(true);
    const inCategory = await okData(await request.get(`/api/product/spu/merchant/5?mer_cate_id=${tree[0].store_category_id}&order=is_new`));
    expect(inCategory.count).toBeGreaterThan(0);
    expect(inCategory.count).toBeLessThan(products.count);
    await refused(await request.get('/api/product/spu/merchant/5?limit=1000'), 400);
  });

  test('licences need a right, unused image captcha; the shop id is checked first', async ({ request }) => {
    const captcha = async () => {
      const { key, code } = await okData(await request.get('/api/captcha'));
      return { key, code };
    };
    expect(await refused(await request.post('/api/store/certificate/5', { data: {} }), 400)).toBe('请输入图形验证码');
    const answer = await captcha();
    expect(await refused(await request.post('/api/store/certificate/abc', { data: answer }), 400)).toBe('店铺格式不正确');
    // The bad id did not use the answer up.
    const images = await okData(await request.post('/api/store/certificate/5', { data: answer }));
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((u: unknown) => typeof u === 'string')).toBe(true);
    expect(await refused(await request.post('/api/store/certificate/5', { data: answer }), 400)).toBe('图形验证码错误');
    expect(await refused(await request.post('/api/store/certificate/5', { data: { ...(await captcha()), code: 'zzzz' } }), 400)).toBe(
      '图形验证码错误',
    );
    await refused(await request.post('/api/store/certificate/9999', { data: await captcha() }), 404);
  });
});

test.describe('catalogue API: promotions and prices', () => {
  test('flash-sale sessions, offers and detail; presales and their detail', async ({ request }) => {
    const sessions = await okData(await request.get('/api/store/product/seckill/select'));
    expect(sessions).toMatchObject({ seckillTimeIndex: expect.any(Number), seckillEndTime: expect.any(Number) });
    expect(sessions.seckillTime[0]).toMatchObject({
      seckill_time_id: expect.any(Number),
      start_time: expect.any(Number),
      end_time: expect.any(Number),
      stop: expect.any(Number),
      pc_status: expect.any(Number),
      state: expect.any(String),
    });

    const offers = await okData(await request.get('/api/store/product/seckill/lst?page=1&limit=10'));
    expectPage(offers, CARD);
    expect(offers.list.every((p: any) => p.product_type === 1)).toBe(true);
    await refused(await request.get('/api/store/product/seckill/lst?start_time=25'), 400);
    const offer = await okData(await request.get(`/api/store/product/seckill/detail/${offers.list[0].product_id}`));
    expect(offer).toMatchObject({ seckill_status: expect.any(Number), once_pay_count: expect.any(Number), product_type: 1 });
    expect(Object.keys(offer.sku).length).toBeGreaterThan(0);
    // The seckill page asks show/{id} with the offer's product id too.
    expect((await okData(await request.get(`/api/store/product/show/${offer.product_id}`))).product_id).toBe(offer.product_id);
    // A normal product is not a flash-sale offer.
    await refused(await request.get('/api/store/product/seckill/detail/7'), 404);

    const presells = await okData(await request.get('/api/store/product/presell/lst?page=1&limit=16&type=1'));
    expectPage(presells, ['product_presell_id', 'store_name', 'price', 'product', 'start_time']);
    expect(presells.list[0].product).toHaveProperty('image');
    expect(await refused(await request.get('/api/store/product/presell/lst?type=3'), 400)).toBe('预售状态不正确');
    const presell = await okData(await request.get(`/api/store/product/presell/detail/${presells.list[0].product_presell_id}`));
    for (const f of [
      'product_presell_id',
      'presell_type',
      'presell_status',
      'end_time',
      'final_start_time',
      'final_end_time',
      'delivery_type',
      'delivery_day',
      'product',
    ]) {
      expect(presell, f).toHaveProperty(f);
    }
    expect(presell.product).toHaveProperty('sku');
  });

  test('exchange rate of a currency; unknown is 404, malformed is 400', async ({ request }) => {
    const rate = await okData(await request.get('/api/exchange_rate?currency=usd'));
    expect(rate).toMatchObject({ currency_code: 'USD', rate: expect.stringMatching(/^\d+\.\d+$/), symbol: expect.any(String), digits: 2 });
    expect(await refused(await request.get('/api/exchange_rate?currency=XYZ'), 404)).toBe('暂不支持该币种');
    expect(await refused(await request.get('/api/exchange_rate'), 400)).toBe('币种格式不正确');
  });
});

test.describe('catalogue API: login-only writes', () => {
  test('visitors are told 请登录 before their input is even read; care is false for them', async ({ request }) => {
    const writes: [string, unknown][] = [
      ['/api/coupon/receive/2', undefined],
      ['/api/user/relation/create', { type: 10, type_id: 5 }],
      ['/api/user/relation/delete', { type: 'nonsense' }],
      ['/api/store/product/increase_take', { unique: 'x', product_id: 7, type: 1 }],
      ['/api/user/cart/create', { product_id: 7, cart_num: 1, product_attr_unique: 'x' }],
    ];
    for (const [path, data] of writes) expect(await refused(await request.post(path, { data }), 400), path).toBe('请登录');
    expect(await okData(await request.get('/api/pc/care?type=10&id=5'))).toEqual({ care: false });
    expect(await refused(await request.get('/api/pc/care?type=3&id=5'), 400)).toBe('收藏类型不正确');
  });

  test('the member: care and favourite state, arrival notices for sold-out SKUs only, bad bodies refused', async ({ request }) => {
    const member = bearer(sessionToken('member'));
    expect(await okData(await request.get('/api/pc/care?type=10&id=5', { headers: member }))).toEqual({ care: expect.any(Boolean) });
    const detail = await okData(await request.get('/api/store/product/detail/8', { headers: member }));
    const soldOut = Object.values<any>(detail.sku).find((s) => s.stock === 0);
    const inStock = Object.values<any>(detail.sku).find((s) => s.stock > 0);
    expect(soldOut && inStock).toBeTruthy();
    const take = (unique: string) =>
      request.post('/api/store/product/increase_take', { headers: member, data: { unique, type: 1, product_id: 8 } });
    expect(await okData(await take(soldOut.unique))).toEqual({ subscribed: true });
    await refused(await take(inStock.unique), 400);
    await refused(await take('no-such-sku'), 404);
    expect(await refused(await request.post('/api/user/relation/create', { headers: member, data: { type: 3, type_id: 5 } }), 400)).toBe(
      '收藏类型不正确',
    );
    expect(
      await refused(
        await request.post('/api/user/cart/create', {
          headers: member,
          data: { product_id: 8, cart_num: 0, product_attr_unique: inStock.unique },
        }),
        400,
      ),
    ).toBe('购买数量不能小于1');
    // Bodies that are not a JSON object: malformed JSON, a JSON string, an array.
    const json = { ...member, 'content-type': 'application/json' };
    for (const path of ['/api/user/cart/create', '/api/user/relation/create', '/api/store/product/increase_take']) {
      for (const body of ['{nope', '"text"', '[1]']) {
        expect(await refused(await request.post(path, { headers: json, data: Buffer.from(body) }), 400), `${path} ${body}`).toBe(
          '请求格式不正确',
        );
      }
    }
  });

  test('claiming a coupon respects its per-shopper limit and shows as issued', async ({ request, baseURL, extraHTTPHeaders }) => {
    const shopper = await freshShopper(baseURL!, extraHTTPHeaders ?? {});
    const claim = (id: number | string) => request.post(`/api/coupon/receive/${id}`, { headers: shopper });
    const first = await envelope(await claim(2));
    expect(first).toMatchObject({ status: 200, message: '领取成功' });
    expect(first.data).toMatchObject({ coupon_id: 2, coupon_user_id: expect.any(Number) });
    await refused(await claim(2), 400);
    // Coupon 8 may be claimed twice.
    await okData(await claim(8));
    await okData(await claim(8));
    await refused(await claim(8), 400);
    const centre = await okData(await request.get('/api/coupon/getlst?type=-1&limit=100', { headers: shopper }));
    const issued = new Set(centre.list.filter((c: any) => c.issue).map((c: any) => c.coupon_id));
    expect(issued.has(2) && issued.has(8)).toBe(true);
    // Outside its claim window, unknown, malformed.
    await refused(await claim(9), 400);
    await refused(await claim(999999), 404);
    expect(await refused(await claim('abc'), 400)).toBe('优惠券格式不正确');
  });

  test('following a shop shows in /api/pc/care and the follower count; favourites show on the product', async ({
    request,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const shopper = await freshShopper(baseURL!, extraHTTPHeaders ?? {});
    const follow = { type: 10, type_id: 17 };
    const care = async () => (await okData(await request.get('/api/pc/care?type=10&id=17', { headers: shopper }))).care;
    const followers = async () => (await okData(await request.get('/api/store/merchant/detail/17'))).care_count;
    expect(await care()).toBe(false);
    const before = await followers();
    expect(await okData(await request.post('/api/user/relation/create', { headers: shopper, data: follow }))).toEqual({
      ...follow,
      relation: true,
    });
    expect(await care()).toBe(true);
    expect(await followers()).toBe(before + 1);
    // Following again changes nothing.
    await okData(await request.post('/api/user/relation/create', { headers: shopper, data: follow }));
    expect(await followers()).toBe(before + 1);
    expect(await okData(await request.post('/api/user/relation/delete', { headers: shopper, data: follow }))).toEqual({
      ...follow,
      relation: false,
    });
    expect(await care()).toBe(false);
    expect(await followers()).toBe(before);

    await okData(await request.post('/api/user/relation/create', { headers: shopper, data: { type: 0, type_id: 13 } }));
    expect((await okData(await request.get('/api/store/product/detail/13', { headers: shopper }))).isRelation).toBe(true);
    expect((await okData(await request.get('/api/store/product/detail/13'))).isRelation).toBe(false);
    await refused(await request.post('/api/user/relation/create', { headers: shopper, data: { type: 10, type_id: 9999 } }), 404);
  });

  test('adding to cart raises the cart count; buy-now lines do not', async ({ request, baseURL, extraHTTPHeaders }) => {
    const shopper = await freshShopper(baseURL!, extraHTTPHeaders ?? {});
    const count = async () => (await okData(await request.get('/api/user/cart/count', { headers: shopper })))[0].count;
    const detail = await okData(await request.get('/api/store/product/detail/29'));
    const sku = Object.values<any>(detail.sku).find((s) => s.stock >= 5);
    const add = (data: Record<string, unknown>) =>
      request.post('/api/user/cart/create', {
        headers: shopper,
        data: { product_id: 29, product_attr_unique: sku.unique, is_new: 0, product_type: 0, ...data },
      });
    expect(await count()).toBe(0);
    const line = await okData(await add({ cart_num: 2 }));
    expect(line).toEqual({ cart_id: expect.any(Number) });
    expect(await count()).toBe(2);
    await okData(await add({ cart_num: 1 }));
    expect(await count()).toBe(3);
    const buyNow = await okData(await add({ cart_num: 1, is_new: 1 }));
    expect(buyNow.cart_id).not.toBe(line.cart_id);
    expect(await count()).toBe(3);
    await refused(await add({ cart_num: 99999 }), 400);
    expect(await refused(await add({ product_attr_unique: 'no-such-sku', cart_num: 1 }), 400)).toBe('商品规格不存在');
    expect(await count()).toBe(3);
  });
});
