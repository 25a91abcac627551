// The shapes an existing PC client of the reference's API family reads (issue 9, "Contract gaps"), over real
// HTTP against the built server: SVIP display fields, `content.content`, `skill_status`, shop banners as
// `{img}`, the home tabs and banners, the config, version and hot-banner endpoints, a bare mainland account
// and the wallet fields of the user. Read-only, except one sign-in that opens a session of its own.
import type { APIResponse } from '@playwright/test';
import { test, expect, sessionToken } from './fixtures.ts';
import { okBody, refusal } from './accounts.ts';

const data = async (res: APIResponse) => (await okBody(res)).data;

/** What the client's product cards and product page read before showing (or not) a member price. */
function expectSvipFields(p: Record<string, unknown>) {
  expect(p.show_svip_info).toEqual({ show_svip: false, is_svip: false, show_svip_price: false, save_money: '0.00' });
  expect(p.svip_price).toBe(p.price);
  expect(p.is_svip_price).toBe(0);
}

test.describe('product shapes', () => {
  test('list, shop and detail products carry show_svip_info', async ({ request }) => {
    const list = await data(await request.get('/api/product/spu/lst?page=1&limit=15&common=1'));
    expect(list.list.length).toBeGreaterThan(0);
    list.list.forEach(expectSvipFields);
    const first = list.list[0];
    const shop = await data(await request.get(`/api/product/spu/merchant/${first.mer_id}?page=1&limit=12&common=1`));
    expect(shop.list.length).toBeGreaterThan(0);
    shop.list.forEach(expectSvipFields);
    const detail = await data(await request.get(`/api/store/product/detail/${first.product_id}`));
    expect(detail.product_id).toBe(first.product_id);
    expectSvipFields(detail);
  });

  test("the product detail's points hint and ranking badge: max_integral and top_pid/top_name/top_num", async ({ request, page }) => {
    const [best] = (await data(await request.get('/api/product/spu/get_hot_ranking')))[0].list;
    const detail = await data(await request.get(`/api/store/product/detail/${best.product_id}`));
    // The demo mall's points rule: at most 50 % of the price, a point worth one cent.
    expect(detail.max_integral).toBe((Math.floor(Math.round(Number(detail.price) * 100) / 2) / 100).toFixed(2));
    expect(detail).toMatchObject({ top_pid: expect.any(Number), top_name: expect.stringMatching(/热销榜$/), top_num: expect.any(Number) });
    expect(detail.top_num).toBeGreaterThan(0);
    await page.goto(`/goods_detail/${best.product_id}`);
    await expect(page.locator('[data-max-integral]')).toContainText(`最多可抵 ¥${detail.max_integral}`);
  });

  test('show/{id} gives content as {content: html}, spu_id and community', async ({ request }) => {
    const [first] = (await data(await request.get('/api/product/spu/lst?page=1&limit=1'))).list;
    const show = await data(await request.get(`/api/store/product/show/${first.product_id}`));
    expect(Object.keys(show.content)).toEqual(['content']);
    expect(show.content.content).toMatch(/<[a-z]+[\s>]/);
    expect(Array.isArray(show.params)).toBe(true);
    expect(Array.isArray(show.merchant.recommend)).toBe(true);
    expect(show.spu_id).toBe(first.product_id);
    expect(show).toHaveProperty('community', null);
  });

  test('every SKU of a product, a presale and a flash sale carries its member price svip_price', async ({ request }) => {
    const [first] = (await data(await request.get('/api/product/spu/lst?page=1&limit=1'))).list;
    const [presell] = (await data(await request.get('/api/store/product/presell/lst?page=1&limit=1&type=1'))).list;
    const [seckill] = (await data(await request.get('/api/store/product/seckill/lst?page=1&limit=1'))).list;
    const skusOf = async (path: string, pick: (d: Record<string, any>) => Record<string, { price: string; svip_price: string }>) =>
      Object.values(pick(await data(await request.get(path))));
    const all = [
      ...(await skusOf(`/api/store/product/detail/${first.product_id}`, (d) => d.sku)),
      ...(await skusOf(`/api/store/product/presell/detail/${presell.product_presell_id}`, (d) => d.product.sku)),
      ...(await skusOf(`/api/store/product/seckill/detail/${seckill.product_id}`, (d) => d.sku)),
    ];
    expect(all.length).toBeGreaterThan(2);
    // No SVIP programme: the member price is the SKU's own (activity) price.
    for (const sku of all) expect(sku.svip_price).toBe(sku.price);
  });

  test('presale detail has a top-level mer_id, content as {content: html} and the SVIP fields', async ({ request }) => {
    const presells = await data(await request.get('/api/store/product/presell/lst?page=1&limit=16&type=1'));
    expect(presells.list.length).toBeGreaterThan(0);
    const d = await data(await request.get(`/api/store/product/presell/detail/${presells.list[0].product_presell_id}`));
    expect(d.mer_id).toBe(d.product.mer_id);
    expect(d.mer_id).toBeGreaterThan(0);
    expect(typeof d.product.content.content).toBe('string');
    expectSvipFields(d.product);
  });

  test('flash-sale items of the running session have skill_status 1 (the seed runs a session every hour)', async ({ request }) => {
    const { seckillTime, seckillTimeIndex } = await data(await request.get('/api/store/product/seckill/select'));
    const session = seckillTime[seckillTimeIndex];
    expect(session.pc_status).toBe(1);
    const offers = await data(
      await request.get(`/api/store/product/seckill/lst?page=1&limit=16&start_time=${session.start_time}&end_time=${session.end_time}`),
    );
    expect(offers.list.length).toBeGreaterThan(0);
    for (const o of offers.list) expect(o.skill_status).toBe(1);
  });
});

test.describe('site shapes', () => {
  test('shop banners are [{img}]', async ({ request }) => {
    const cfg = await data(await request.get('/api/pc/mer_config/1'));
    expect(typeof cfg.top_banner).toBe('string');
    expect(cfg.banner.length).toBeGreaterThan(0); // every demo shop has a carousel
    for (const b of cfg.banner) {
      expect(Object.keys(b)).toEqual(['img']);
      expect(typeof b.img).toBe('string');
    }
    await refusal(await request.get('/api/pc/mer_config/99999'), 404);
  });

  test('/api/pc/home gives the tabs and banners the home page shows', async ({ request, page }) => {
    const home = await data(await request.get('/api/pc/home'));
    expect(home.pc_home_tab.length).toBeGreaterThan(0);
    expect(home.pc_home_banner.length).toBeGreaterThan(0);
    for (const t of home.pc_home_tab) expect(t).toEqual({ label: expect.any(String), link: expect.stringMatching(/^\//) });
    for (const b of home.pc_home_banner) expect(b.image).toMatch(/^\/.+\.(svg|png|jpe?g|webp)$/);
    await page.goto('/');
    for (const b of home.pc_home_banner) await expect(page.locator(`img[src="${b.image}"]`).first()).toBeAttached();
    for (const t of home.pc_home_tab) await expect(page.locator(`a[href="${t.link}"]`, { hasText: t.label }).first()).toBeAttached();
  });

  test('/api/pc/hot_banner/{type} lists banners; an unknown type is a 400', async ({ request }) => {
    for (const type of ['best', 'hot', 'new', 'good']) {
      const list = await data(await request.get(`/api/pc/hot_banner/${type}`));
      expect(Array.isArray(list)).toBe(true);
      for (const b of list) expect(b).toEqual({ image: expect.any(String), link: expect.any(String), alt: expect.any(String) });
    }
    expect((await refusal(await request.get('/api/pc/hot_banner/nope'), 400)).message).toBe('榜单类型不正确');
  });

  test('/api/config gives the payment and feature switches, balance payment on', async ({ request }) => {
    const cfg = await data(await request.get('/api/config'));
    expect(cfg).toMatchObject({ yue_pay_status: 1, alipay_open: 1, balance_func_status: 1, recharge_switch: 0, svip_switch_status: 0 });
    expect([0, 1]).toContain(cfg.mer_intention_open);
    expect(typeof cfg.sys_intention_agree).toBe('string');
  });

  test('/api/version gives the footer copyright line', async ({ request }) => {
    const v = await data(await request.get('/api/version'));
    expect(v).toEqual({
      year: expect.any(Number),
      url: expect.stringMatching(/^https?:\/\//),
      beian_sn: expect.stringContaining('ICP'),
      Copyright: expect.stringContaining('©'),
      status: 1,
    });
    expect(v.year).toBeGreaterThanOrEqual(2026);
  });

  test("checkout's agreements: invoice notes, platform coupon rules and the presale agreement at its own path", async ({ request }) => {
    for (const type of ['sys_receipt_agree', 'sys_coupon_agree']) {
      const a = await data(await request.get(`/api/agreement/${type}`));
      expect(a[type]).toContain('<h2');
      expect(a.title).toBeTruthy();
    }
    expect((await data(await request.get('/api/agreement/sys_coupon_agree'))).sys_coupon_agree).toContain('平台券');
    const presell = await data(await request.get('/api/store/product/presell/agree'));
    expect(presell.sys_product_presell_agree).toContain('定金');
    expect(presell.title).toBe('预售协议');
    await refusal(await request.get('/api/agreement/sys_nope'), 404);
  });
});

test.describe('account shapes', () => {
  test('a mainland mobile number without an area code signs in as +86', async ({ request }) => {
    const body = await okBody(await request.post('/api/auth/login', { data: { account: '13800138000', password: 'mall123456' } }));
    expect(body.data.user).toMatchObject({ uid: 1, phone_code: '86', phone: '138****8000' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Typed with +, the same digits are +1 3800138000: no such account, and never the +86 member's.
    const plus = await refusal(await request.post('/api/auth/login', { data: { account: '+13800138000', password: 'mall123456' } }));
    expect(plus.message).toBe('账号或密码错误');
  });

  test('GET /api/user has the wallet and SVIP fields', async ({ request }) => {
    const user = await data(await request.get('/api/user', { headers: { Authorization: `Bearer ${sessionToken('member')}` } }));
    expect(user).toMatchObject({
      uid: 1,
      now_money: expect.stringMatching(/^\d+\.\d{2}$/),
      integral: expect.any(Number),
      // The demo history has an operator top-up (src/server/db/seed/history.ts); spending depends on other specs.
      total_recharge: expect.stringMatching(/^[1-9]\d*\.\d{2}$/),
      total_consume: expect.stringMatching(/^\d+\.\d{2}$/),
      is_svip: 0,
    });
  });
});
