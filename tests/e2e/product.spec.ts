// The product pages (/goods_detail, /goods_seckill_detail, /goods_presell_detail) as a shopper uses them.
// Ids come from the deterministic seed (src/server/db/seed/catalogue*.ts): product 1 has two specs with
// sold-out combinations, product 2 a purchase limit of 5, product 11 reviews of every kind, product 65 is
// sold out.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scriptErrors } from './fixtures.ts';

const buyBox = (page: Page) => page.locator('[data-buy-box]');

async function productLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const all = blocks.flatMap((b) => [JSON.parse(b)].flat());
  return { product: all.find((d) => d['@type'] === 'Product'), crumbs: all.find((d) => d['@type'] === 'BreadcrumbList') };
}

test.describe('product detail for a visitor', () => {
  test('shows the product, its category path, prices and specs with sold-out values disabled', async ({ page }) => {
    const res = await page.goto('/goods_detail/1');
    expect(res?.status()).toBe(200);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await expect(page).toHaveTitle(new RegExp(`^${name} - `));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/goods_detail\/1$/);
    await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('羽绒服');
    await expect(buyBox(page).locator('[data-sku-price]')).toHaveText(/^¥\d+\.\d\d$/);
    await expect(buyBox(page).getByRole('button', { name: '加入购物车' })).toBeEnabled();
    // Pointing at the box hydrates it; a sold-out combination cannot be picked.
    const values = buyBox(page).locator('.buy__value');
    await values.first().hover();
    expect(await values.count()).toBeGreaterThan(3);
    await expect(buyBox(page).locator('.buy__value:disabled').first()).toBeVisible();
    // Picking another in-stock value selects it and updates the chosen line.
    const value = (await buyBox(page).locator('.buy__value[aria-pressed="false"]:not(:disabled)').first().textContent())!;
    const other = buyBox(page).getByRole('button', { name: value, exact: true });
    await other.click();
    await expect(other).toHaveAttribute('aria-pressed', 'true');
    await expect(buyBox(page).locator('[data-sku-chosen]')).toContainText(value);
  });

  test('联系客服 of a shop that answers by phone only (services_type 1) shows its service phone', async ({ page, request }) => {
    await page.goto('/goods_detail/1');
    const contact = page.locator('[data-contact-service]');
    await expect(contact.locator('.contact-service__pop')).toBeHidden();
    await contact.getByText('联系客服').click();
    const phone = contact.getByRole('link');
    await expect(phone).toBeVisible();
    await expect(phone).toHaveText(/^400-\d{3}-\d{4}$/);
    await expect(phone).toHaveAttribute('href', /^tel:400\d{7}$/);
    const detail = (await (await request.get('/api/store/product/detail/1')).json()).data;
    expect(detail.merchant).toMatchObject({ services_type: 1, service_phone: await phone.textContent() });
  });

  test("the shop bar offers the shop's categories and an in-shop search", async ({ page, request }) => {
    const tree = (await (await request.get('/api/store/merchant/category/lst/5')).json()).data as {
      store_category_id: number;
      cate_name: string;
    }[];
    const { list } = (await (await request.get('/api/product/spu/merchant/5?limit=1')).json()).data;
    await page.goto(`/goods_detail/${list[0].product_id}`);
    const bar = page.getByRole('navigation', { name: '店铺导航' });
    const menu = bar.getByRole('list', { name: '店铺分类' });
    await expect(menu).toBeHidden();
    await bar.getByRole('link', { name: '全部分类' }).hover();
    await expect(menu).toBeVisible();
    const first = menu.getByRole('link', { name: tree[0]!.cate_name, exact: true });
    await expect(first).toHaveAttribute('href', `/store/category?id=5&cate_id=${tree[0]!.store_category_id}`);
    await page.screenshot({ path: '/tmp/product-shop-bar.png', clip: { x: 0, y: 150, width: 1280, height: 500 } });
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/store/category\\?id=5&cate_id=${tree[0]!.store_category_id}$`));

    await page.goBack();
    const search = page.getByRole('search', { name: '店内搜索' });
    await search.getByRole('searchbox', { name: '搜索本店商品' }).fill('耳机');
    await search.getByRole('button', { name: '搜本店' }).click();
    await expect(page).toHaveURL(/\/store\/category\?id=5&keyword=%E8%80%B3%E6%9C%BA$/);
    await expect(page.getByRole('heading', { level: 2, name: '“耳机”的搜索结果' })).toBeVisible();
  });

  test('quantity is clamped to the stock and the purchase limit', async ({ page }) => {
    await page.goto('/goods_detail/2');
    await expect(buyBox(page)).toContainText('限购5件');
    const qty = buyBox(page).getByRole('spinbutton', { name: '数量' });
    await expect(qty).toHaveValue('1');
    await expect(buyBox(page).getByRole('button', { name: '减少数量' })).toBeDisabled();
    await qty.fill('999');
    await expect(qty).toHaveValue('5');
    await expect(buyBox(page).getByRole('button', { name: '增加数量' })).toBeDisabled();
    await buyBox(page).getByRole('button', { name: '减少数量' }).click();
    await expect(qty).toHaveValue('4');
  });

  test('add to cart asks a visitor to log in', async ({ page }) => {
    await page.goto('/goods_detail/1');
    await buyBox(page).getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  });

  test('review filter chips are links that change the list', async ({ page }) => {
    await page.goto('/goods_detail/11');
    const reviews = page.locator('#reviews');
    const all = reviews.locator('[data-review-list] > li');
    const total = await all.count();
    const bad = reviews.getByRole('link', { name: /^差评\((\d+)\)$/ });
    const n = Number((await bad.textContent())!.match(/\d+/)![0]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(total);
    await bad.click();
    await expect(page).toHaveURL(/\/goods_detail\/11\?reply=negative#reviews$/);
    await expect(reviews.getByRole('link', { name: /^差评/ })).toHaveAttribute('aria-current', 'true');
    await expect(all).toHaveCount(n);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/goods_detail\/11$/);
  });

  test('JSON-LD describes the product, its CNY offer and rating', async ({ page }) => {
    await page.goto('/goods_detail/11');
    const { product, crumbs } = await productLd(page);
    expect(product.name).toBe((await page.getByRole('heading', { level: 1 }).textContent())!.trim());
    expect(product.offers.priceCurrency).toBe('CNY');
    expect(product.offers.availability).toBe('https://schema.org/InStock');
    expect(await buyBox(page).locator('[data-sku-price]').textContent()).toBe(`¥${product.offers.price}`);
    expect(product.offers.url).toMatch(/\/goods_detail\/11$/);
    expect(product.aggregateRating.reviewCount).toBeGreaterThan(0);
    expect(product.image[0]).toMatch(/^http/);
    expect(crumbs.itemListElement.at(-1).name).toBe(product.name);
  });

  test("prices show in the shopper's currency with the charged CNY price beside them", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: encodeURIComponent('US|USD|US$'), url: baseURL! }]);
    await page.goto('/goods_detail/1');
    await expect(buyBox(page).locator('[data-sku-price]')).toHaveText(/^US\$\d+\.\d\d$/);
    await expect(buyBox(page)).toContainText(/实付 ¥\d+\.\d\d/);
    const { product } = await productLd(page);
    expect(product.offers.priceCurrency).toBe('CNY');
    await expect(buyBox(page)).toContainText(`实付 ¥${product.offers.price}`);
  });

  test("the phone QR code is a picture of the page's own address, drawn for our public pages only", async ({ page, request }) => {
    await page.goto('/goods_detail/1');
    const qr = page.getByRole('img', { name: '手机扫码购买' });
    await expect(qr).toHaveAttribute('src', '/qr.svg?path=%2Fgoods_detail%2F1');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    const res = await request.get('/qr.svg?path=%2Fgoods_detail%2F1');
    expect(res.headers()['content-type']).toContain('image/svg+xml');
    expect(res.headers()['cache-control']).toContain('public');
    expect(await res.text()).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    for (const bad of [
      '',
      '?path=',
      '?path=/user',
      '?path=https://evil.example/x',
      '?path=//evil.example/x',
      '?path=/api/user',
      '?path=/goods_detail/1?x=1',
      '?path=/nowhere',
    ])
      expect((await request.get(`/qr.svg${bad}`)).status(), bad).toBe(404);
  });

  test('unknown, hidden or malformed ids answer 404, and so does a bad review filter', async ({ page }) => {
    for (const path of [
      '/goods_detail/abc',
      '/goods_detail/99999999',
      '/goods_detail/601',
      '/goods_seckill_detail/1',
      '/goods_presell_detail/99999',
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
    const res = await page.goto('/goods_detail/1?reply=nonsense');
    expect(res?.status()).toBe(404);
  });
});

test.describe('product detail without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still shows the price, spec options, buy buttons and review links', async ({ page }) => {
    await page.goto('/goods_detail/11');
    await expect(buyBox(page).locator('[data-sku-price]')).toHaveText(/^¥\d+\.\d\d$/);
    await expect(buyBox(page).locator('.buy__value[aria-pressed="true"]').first()).toBeVisible();
    await expect(buyBox(page).getByRole('button', { name: '立即购买' })).toBeVisible();
    await page.locator('#reviews').getByRole('link', { name: /^好评/ }).click();
    await expect(page).toHaveURL(/reply=best#reviews$/);
    await expect(page.locator('#reviews').getByRole('link', { name: /^好评/ })).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('product detail for a signed-in shopper', () => {
  test.beforeEach(async ({ context, baseURL }) => signIn(context, baseURL!, 'buyer'));

  test('add to cart raises the header count at once', async ({ page, context, baseURL }) => {
    await context.clearCookies();
    await signIn(context, baseURL!, 'shopper');
    await page.goto('/goods_detail/3');
    const count = page.locator('[data-cart-count]');
    await expect(count).toBeVisible();
    const before = Number(await count.textContent());
    await buyBox(page).getByRole('spinbutton', { name: '数量' }).fill('2');
    await buyBox(page).getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();
    await expect.poll(async () => Number(await count.textContent())).toBeGreaterThanOrEqual(before + 2);
  });

  test('buy now goes to checkout with the new cart line', async ({ page }) => {
    await page.goto('/goods_detail/4');
    await buyBox(page).getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/order_confirm\?new=1&cartId=\d+$/);
    // The checkout page itself, loaded: the test does not end (and close the browser) while it is still arriving.
    await expect(page.getByRole('heading', { name: '确认订单' })).toBeVisible();
  });

  test('favourite toggles and survives a reload', async ({ page }) => {
    await page.goto('/goods_detail/6');
    const fav = page.getByRole('button', { name: '收藏商品' });
    await expect(fav).toHaveAttribute('aria-pressed', 'false');
    await fav.click();
    const on = page.getByRole('button', { name: '已收藏' });
    await expect(on).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(on).toHaveAttribute('aria-pressed', 'true');
    await on.click();
    await expect(page.getByRole('button', { name: '收藏商品' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('a sold-out product offers an arrival notice instead of buying', async ({ page }) => {
    await page.goto('/goods_detail/65');
    await expect(buyBox(page).getByRole('button', { name: '已售罄' })).toBeDisabled();
    await expect(buyBox(page).getByRole('button', { name: '加入购物车' })).toHaveCount(0);
    const { product } = await productLd(page);
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
    await buyBox(page).getByRole('button', { name: '到货通知' }).click();
    await expect(buyBox(page).getByRole('button', { name: '已订阅到货通知' })).toBeDisabled();
    // What happens next is said: the notice comes by SMS once the SKU is back.
    await expect(page.getByText('已订阅，到货后将短信通知您')).toBeVisible();
    // Back on the page later, the notice asked for shows as asked, before the box wakes and after.
    const errors = scriptErrors(page);
    await page.reload();
    await expect(buyBox(page).getByRole('button', { name: '已订阅到货通知' })).toBeDisabled();
    await buyBox(page).hover();
    await expect(buyBox(page)).toHaveAttribute('data-live', '1');
    await expect(buyBox(page).getByRole('button', { name: '已订阅到货通知' })).toBeDisabled();
    expect(errors).toEqual([]);
  });

  test('claims a coupon on the product page', async ({ page }) => {
    await page.goto('/goods_detail/5');
    const coupon = page
      .locator('[data-coupon]')
      .filter({ has: page.getByRole('button', { name: '领取' }) })
      .first();
    await coupon.getByRole('button', { name: '领取' }).click();
    await expect(coupon.getByRole('button', { name: '已领取' })).toBeDisabled();
  });
});

test.describe('flash sale and presale pages', () => {
  // The seed runs 12 two-hour sessions a day (mall time, UTC+8), four offers each: 601-604 at 00:00 ...
  const hour = (new Date().getUTCHours() + 8) % 24;
  const running = 601 + 4 * Math.floor(hour / 2);
  const other = hour >= 2 ? 601 : 645;

  test('a running flash sale counts down and can be bought', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'buyer');
    const res = await page.goto(`/goods_seckill_detail/${running}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('[data-seckill-state]')).toContainText('抢购中');
    await expect(page.getByRole('timer')).toHaveText(/^\d\d:\d\d:\d\d$/);
    await expect(buyBox(page)).toContainText('秒杀价');
    await expect(buyBox(page).getByRole('button', { name: '加入购物车' })).toHaveCount(0);
    await buyBox(page).getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/order_confirm\?new=1&cartId=\d+$/);
    // The checkout page itself, loaded: the test does not end (and close the browser) while it is still arriving.
    await expect(page.getByRole('heading', { name: '确认订单' })).toBeVisible();
  });

  test('a flash sale outside its session cannot be bought and says why', async ({ page }) => {
    await page.goto(`/goods_seckill_detail/${other}`);
    const reason = hour >= 2 ? '活动已结束' : '活动未开始';
    await expect(buyBox(page).getByRole('button', { name: reason })).toBeDisabled();
  });

  test('a flash sale or a presale offers no coupon to claim, though its shop has some (checkout takes none for them)', async ({
    page,
    request,
  }) => {
    const offer = (await (await request.get(`/api/store/product/seckill/detail/${running}`)).json()).data;
    // The product the flash sale sells, a normal one of the same shop, offers the shop's coupons.
    await page.goto(`/goods_detail/${offer.origin_product_id}`);
    await expect(page.locator('.product-coupons [data-coupon]').first()).toBeVisible();
    await page.goto(`/goods_seckill_detail/${running}`);
    await expect(page.locator('[data-seckill-state]')).toContainText('抢购中');
    await expect(page.locator('.product-coupons')).toHaveCount(0);
    await expect(page.locator('[data-action="claim-coupon"]')).toHaveCount(0);

    const presale = (await (await request.get('/api/store/product/presell/detail/13')).json()).data;
    const shopCoupons = (await (await request.get(`/api/coupon/store/${presale.mer_id}`)).json()).data;
    expect(shopCoupons.length).toBeGreaterThan(0);
    await page.goto('/goods_presell_detail/13');
    await expect(page.locator('[data-presell-state]')).toContainText('预售中');
    await expect(page.locator('.product-coupons')).toHaveCount(0);
    await expect(page.locator('[data-action="claim-coupon"]')).toHaveCount(0);
  });

  test('presales show their state, steps and buy button', async ({ page }) => {
    await page.goto('/goods_presell_detail/1');
    await expect(page.locator('[data-presell-state]')).toContainText('未开始');
    await expect(buyBox(page).getByRole('button', { name: '活动未开始' })).toBeDisabled();
    // For search engines: a pre-order from its start.
    const soon = (await productLd(page)).product.offers;
    expect(soon.availability).toBe('https://schema.org/PreOrder');
    expect(Date.parse(soon.availabilityStarts)).toBeGreaterThan(Date.now());

    await page.goto('/goods_presell_detail/13');
    await expect(page.locator('[data-presell-state]')).toContainText('定金预售 · 预售中');
    await expect(page.getByRole('list', { name: '预售流程' })).toContainText('付尾款');
    await expect(buyBox(page).getByRole('button', { name: /^支付定金 ¥\d+\.\d\d$/ })).toBeEnabled();

    await page.goto('/goods_presell_detail/9');
    await expect(buyBox(page).getByRole('button', { name: '立即支付' })).toBeEnabled();
    const running = (await productLd(page)).product.offers;
    expect(running.availability).toBe('https://schema.org/PreOrder');
    expect(running.availabilityStarts).toBeUndefined();
    await page.goto('/goods_presell_detail/17');
    await expect(buyBox(page).getByRole('button', { name: '活动已结束' })).toBeDisabled();
    expect((await productLd(page)).product.offers.availability).toBe('https://schema.org/OutOfStock');

    // Not started: nothing booked yet to speak of. Ended, its balance window long past: no step is current.
    await page.goto('/goods_presell_detail/5');
    await expect(page.locator('[data-presell-state]')).toContainText('定金预售 · 未开始');
    await expect(page.locator('[data-presell-state]')).not.toContainText('已预订');
    await page.goto('/goods_presell_detail/21');
    await expect(page.locator('[data-presell-state]')).toContainText('定金预售 · 已结束');
    await expect(page.getByRole('list', { name: '预售流程' }).locator('[aria-current]')).toHaveCount(0);
    await page.goto('/goods_presell_detail/13');
    await expect(page.getByRole('list', { name: '预售流程' }).locator('[aria-current="step"]')).toContainText('1. 付定金');
  });
});
