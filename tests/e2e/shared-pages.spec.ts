// Signed-in shoppers share the visitor page cache on catalogue pages: the server puts each shopper's header into the
// shared page (nickname, avatar, crown, cart count) and the browser fills in their own marks (favourite, follow,
// claimed coupons) from one small request. Two shoppers and a visitor take turns on the same cached pages.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, booted } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { addLine, bearer, skuOf } from './orders.ts';

/** Opens `path` and says whether the server answered from the page cache. */
async function open(page: Page, path: string): Promise<string | undefined> {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  return res?.headers()['x-page-cache'];
}

/**
 * Opens `path` until the server answers it from the page cache, and leaves the page at that answer. A kept page may
 * have expired (its 10 s run out on a slow machine) or been dropped by another spec's order of the same product (its
 * stock) since the last view, so one answer alone would make this spec depend on what the others do.
 */
async function openKept(page: Page, path: string): Promise<void> {
  await expect(async () => expect(await open(page, path)).toBe('HIT')).toPass({ timeout: 15000 });
}

async function nicknameOf(api: APIRequestContext, token: string): Promise<string> {
  return (await okBody(await api.get('/api/user', { headers: bearer(token) }))).data.nickname;
}

test('two shoppers and a visitor each see their own header, cart count and marks on the same cached product page', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  const [a, b, visitor] = await Promise.all(contexts.map((c) => c.newPage()));
  const tokenA = await freshShopper(a!.request, contexts[0], baseURL);
  const tokenB = await freshShopper(b!.request, contexts[1], baseURL);
  const [nickA, nickB] = [await nicknameOf(a!.request, tokenA), await nicknameOf(b!.request, tokenB)];
  const sku = await skuOf(a!.request, 2);
  const path = `/goods_detail/${sku.product_id}`;

  // A favourites the product and claims the first coupon the page offers; B has two pieces in the cart.
  await okBody(await a!.request.post('/api/user/relation/create', { headers: bearer(tokenA), data: { type: 0, type_id: sku.product_id } }));
  await addLine(b!.request, tokenB, sku, 2);
  await open(visitor!, path);
  const coupon = visitor!.locator('.product-coupons [data-coupon]').first();
  const couponId = await coupon.getByRole('button', { name: '领取' }).getAttribute('data-id');
  await okBody(await a!.request.post(`/api/coupon/receive/${couponId}`, { headers: bearer(tokenA) }));
  await open(visitor!, path); // kept again, should the claim have changed what the page shows
  const user = (p: Page) => p.locator('.topbar [data-nickname]');
  const cartCount = (p: Page) => p.locator('[data-cart-count]');
  const favourite = (p: Page) => p.getByRole('button', { name: /收藏商品|已收藏/ });
  const couponOf = (p: Page) => p.locator(`.product-coupons [data-coupon]:has(button[data-id="${couponId}"])`);

  for (let round = 0; round < 2; round++) {
    await openKept(a!, path);
    await expect(user(a!)).toHaveText(nickA);
    await expect(cartCount(a!)).toHaveText('0');
    await expect(cartCount(a!)).toBeVisible();
    await expect(favourite(a!)).toHaveAttribute('aria-pressed', 'true');
    await expect(favourite(a!)).toHaveText('已收藏');
    await expect(couponOf(a!)).toHaveAttribute('data-claimed', '');

    await openKept(b!, path);
    await expect(user(b!)).toHaveText(nickB);
    await expect(cartCount(b!)).toHaveText('2');
    await booted(b!);
    await expect(favourite(b!)).toHaveAttribute('aria-pressed', 'false');
    await expect(favourite(b!)).toHaveText('收藏商品');
    await expect(couponOf(b!)).not.toHaveAttribute('data-claimed', '');
    await expect(couponOf(b!).getByRole('button', { name: '领取' })).toBeEnabled();

    await openKept(visitor!, path);
    await expect(visitor!.locator('.topbar').getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(user(visitor!)).toHaveCount(0);
    await expect(cartCount(visitor!)).toBeHidden();
    await expect(favourite(visitor!)).toHaveAttribute('aria-pressed', 'false');
  }

  // The header is in the HTML itself (no flash of the visitor header, and no script needed for it).
  const html = await (await a!.request.get(path)).text();
  expect(html).toContain(`<span data-nickname>${nickA}</span>`);
  expect(html).not.toContain('data-login-link');

  // A cart write shows on the next view of the same cached page; a shopper's own writes never empty the cache.
  await addLine(a!.request, tokenA, sku, 3);
  await openKept(a!, path);
  await expect(cartCount(a!)).toHaveText('3');
  await expect(favourite(a!)).toHaveText('已收藏');

  // Unfavouriting through the page holds on the next view; B's header is still B's.
  await booted(a!);
  await favourite(a!).click();
  await expect(favourite(a!)).toHaveText('收藏商品');
  await openKept(a!, path);
  await booted(a!);
  await expect(favourite(a!)).toHaveAttribute('aria-pressed', 'false');
  await openKept(b!, path);
  await expect(user(b!)).toHaveText(nickB);

  // Signing out leaves the shared page as the visitor's, at once.
  await booted(a!);
  await a!.locator('[data-logout]').click();
  await a!.waitForURL('/');
  await openKept(a!, path);
  await expect(a!.locator('.topbar').getByRole('link', { name: '登录/注册' })).toBeVisible();
  await expect(user(a!)).toHaveCount(0);
  await Promise.all(contexts.map((c) => c.close()));
});

test("a shop's page and the home page carry the shopper's follow and header; the shopper's recommendations are their own", async ({
  page,
  context,
  baseURL,
}) => {
  const token = await freshShopper(page.request, context, baseURL);
  await okBody(await page.request.post('/api/user/relation/create', { headers: bearer(token), data: { type: 10, type_id: 3 } }));
  await open(page, '/store?id=3');
  await expect(page.locator('.topbar [data-nickname]')).toHaveText(await nicknameOf(page.request, token));
  const follow = page.getByRole('button', { name: /关注店铺|已关注/ }).first();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toHaveText('已关注');
  expect(await open(page, '/')).toMatch(/HIT|MISS/);
  await expect(page.locator('.topbar [data-nickname]')).toBeVisible();
  // Pages rendered for each shopper (their recommendations, the coupon pages) never come from the shared cache.
  const res = await page.goto('/goods_list');
  expect(res?.headers()['x-page-cache']).toBeUndefined();
  expect(res?.headers()['cache-control']).toBe('private, no-store');
});
