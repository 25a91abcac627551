// The cart page (/shopping_cart) in a real browser, for a freshly registered shopper (the demo accounts'
// carts are read by other specs): groups by shop, the stepper, selection, delete, coupons, invalid lines and
// the empty cart, with the header count following every change.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { test, expect, answerConfirm, sessionCookies, lookOf } from './fixtures.ts';
import { SESSION_COOKIE, freshShopper, okBody } from './accounts.ts';
import { withOwnMall } from './spawn-server.ts';
import { product, productSku } from '../../src/server/db/schema/index.ts';
import { createSession, findSessionUser } from '../../src/server/services/session/sessions.ts';
import { createCart } from '../../src/server/services/cart/create-cart.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const headerCount = (page: Page) => page.locator('[data-cart-count]').first();
const money = (cents: number) => `¥${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const cents = (yuan: string) => Math.round(Number(yuan) * 100);
/** The cart island has hydrated (it hydrates at load; clicks before that are replayed one at a time). */
const hydrated = (page: Page) => expect(page.locator('astro-island:has([data-cart])')).not.toHaveAttribute('ssr');

/** Registers a shopper and signs this browser in as them; API calls carry their token. */
async function newShopper(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  const headers = { 'X-Token': await freshShopper(request, context, baseURL) };
  return {
    add: async (product_id: number, cart_num = 1) => {
      const detail = (await okBody(await request.get(`/api/store/product/detail/${product_id}`))).data;
      const sku = Object.values(detail.sku as Record<string, { unique: string; stock: number }>).find((s) => s.stock > 5)!;
      const line = { product_id, product_attr_unique: sku.unique, cart_num, is_new: 0, product_type: 0 };
      return (await okBody(await request.post('/api/user/cart/create', { headers, data: line }))).data.cart_id as number;
    },
    list: async () => (await okBody(await request.get('/api/user/cart/lst', { headers }))).data,
  };
}

test.describe('the cart page', () => {
  test('lists two shops, and the stepper, selection, delete and header count work together', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const shopper = await newShopper(request, context, baseURL!);
    const coat = await shopper.add(1); // Mallfront自营旗舰店
    const dress = await shopper.add(7); // 织梦女装旗舰店
    const cart = await shopper.list();
    const priceOf = (id: number) => cents(cart.list.flatMap((g: any) => g.list).find((l: any) => l.cart_id === id).productAttr.price);

    // Readable without a script: the server renders every line and the checkout link.
    const html = await (await page.request.get('/shopping_cart')).text();
    expect(html).toContain('织梦女装旗舰店');
    expect(html).toContain(`/order_confirm?cartId=${dress},${coat}`);

    await page.goto('/shopping_cart');
    const groups = page.locator('[data-merchant]');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0)).toContainText('织梦女装旗舰店'); // the shop of the newest line first
    await expect(groups.nth(1)).toContainText('Mallfront自营旗舰店');
    await expect(groups.nth(1)).toContainText('自营');
    // The self-operated badge looks the same in the cart as at checkout (below).
    const selfBadge = await lookOf(groups.nth(1).getByText('自营', { exact: true }));
    await expect(headerCount(page)).toHaveText('2');
    const summary = page.locator('[data-cart-summary]');
    const total = summary.locator('[data-cart-total]');
    await expect(summary).toContainText('已选 2 件');
    await expect(total).toHaveText(money(priceOf(coat) + priceOf(dress)));

    // Two quick clicks on + save once, after the pause: line total, 合计 and the header count follow.
    await hydrated(page);
    const coatLine = page.locator(`[data-cart-line="${coat}"]`);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/user/cart/change/${coat}`));
    await coatLine.getByRole('button', { name: '增加数量' }).click();
    await coatLine.getByRole('button', { name: '增加数量' }).click();
    await expect(coatLine.getByRole('spinbutton')).toHaveValue('3');
    await expect(coatLine.locator('[data-line-total]')).toHaveText(money(priceOf(coat) * 3));
    await expect(total).toHaveText(money(priceOf(coat) * 3 + priceOf(dress)));
    expect((await (await saved).json()).data).toEqual({ cart_id: coat, cart_num: 3 });
    await expect(headerCount(page)).toHaveText('4');

    // A refused change rolls back with the server's message.
    await page.route(`**/api/user/cart/change/${coat}`, (route) =>
      route.fulfill({ json: { status: 400, message: '库存不足，最多可购买3件' }, status: 400 }),
    );
    await coatLine.getByRole('button', { name: '增加数量' }).click();
    await expect(toast(page, '库存不足，最多可购买3件')).toBeVisible();
    await expect(coatLine.getByRole('spinbutton')).toHaveValue('3');
    await page.unroute(`**/api/user/cart/change/${coat}`);

    // Deselecting a shop: the summary follows, and the choice survives a reload (cookie cart_checked).
    await groups.nth(0).getByRole('checkbox', { name: '选择 织梦女装旗舰店 的全部商品' }).click();
    await expect(summary).toContainText('已选 3 件');
    await expect(total).toHaveText(money(priceOf(coat) * 3));
    await expect(summary.getByRole('link', { name: '去结算' })).toHaveAttribute('href', `/order_confirm?cartId=${coat}`);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '选择 织梦女装旗舰店 的全部商品' })).not.toBeChecked();
    await expect(summary).toContainText('已选 3 件');

    // Nothing selected: checkout asks to pick first.
    await page.getByRole('checkbox', { name: '全选' }).first().click(); // some selected → all
    await page.getByRole('checkbox', { name: '全选' }).first().click(); // all → none
    await expect(summary).toContainText('已选 0 件');
    await summary.getByRole('link', { name: '去结算' }).click();
    await expect(toast(page, '请选择商品')).toBeVisible();
    await expect(page).toHaveURL(/\/shopping_cart$/);

    // Deleting a line: its shop goes and the header count drops.
    await page.locator(`[data-cart-line="${dress}"]`).getByRole('button', { name: '删除' }).click();
    await expect(toast(page, '已删除')).toBeVisible();
    await expect(groups).toHaveCount(1);
    await expect(headerCount(page)).toHaveText('3');

    // Checkout right after a click waits for the quantity to be saved.
    await coatLine.getByRole('checkbox').check();
    await coatLine.getByRole('button', { name: '增加数量' }).click();
    await summary.getByRole('link', { name: '去结算' }).click();
    await expect(page).toHaveURL(new RegExp(`/order_confirm\\?cartId=${coat}$`));
    expect((await shopper.list()).list[0].list[0]).toMatchObject({ cart_id: coat, cart_num: 4 });
    // The checkout shows the line as saved.
    await expect(page.locator(`.co-line`)).toHaveCount(1);
    await expect(page.locator('.co-line__num')).toHaveText('×4');
    expect(await lookOf(page.getByText('自营', { exact: true }))).toEqual(selfBadge);

    // Typing more than may be bought: the number becomes the most there is, and a toast says why.
    await page.goto('/shopping_cart');
    await hydrated(page);
    await coatLine.getByRole('spinbutton').fill('9999');
    const why = page.getByRole('status').filter({ hasText: /^(库存仅剩|限购)\d+件$/ });
    await expect(why).toBeVisible();
    const most = (await why.textContent())!.replace(/\D/g, '');
    await expect(coatLine.getByRole('spinbutton')).toHaveValue(most);
  });

  test("claims a shop's coupon, moves a line to favourites, and an empty cart shows its ways out", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const shopper = await newShopper(request, context, baseURL!);
    const coat = await shopper.add(1);
    await page.goto('/shopping_cart');
    await page.getByRole('button', { name: '领券' }).click();
    const coupons = page.getByRole('dialog', { name: 'Mallfront自营旗舰店 优惠券' });
    await expect(coupons).toBeVisible();
    await coupons.getByRole('button', { name: '立即领取' }).first().click();
    await expect(toast(page, '领取成功')).toBeVisible();
    await coupons.getByRole('button', { name: '关闭' }).click();
    await expect(coupons).toBeHidden();

    const favourites = page.waitForResponse((r) => r.url().endsWith('/api/user/relation/create'));
    await page.locator(`[data-cart-line="${coat}"]`).getByRole('button', { name: '移入收藏' }).click();
    expect((await favourites).status()).toBe(200);
    // The last line gone: the page shows the empty cart.
    await expect(page.getByText('购物车空空如也')).toBeVisible();
    await expect(page.getByRole('link', { name: '去首页逛逛' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: '去领券中心' })).toHaveAttribute('href', '/coupon_center');
    await expect(headerCount(page)).toHaveText('0');
    expect(await shopper.list()).toEqual({ list: [], fail: [] });
    // The product is among the shopper's favourites (read after the page settled: its answer's body may be gone once
    // the cart has redrawn).
    const marks = await (await page.request.get('/api/user/marks?relation=0_1')).json();
    expect(marks.data.relation).toContain('0_1');
  });
});

// No API takes a product off the shelf yet (there is no merchant back office): this test runs the built server on
// a database of its own, where the shopper's lines are added through the service layer and the shop's operator
// takes one product off the shelf, as they would, before the shopper opens the cart.
test.describe('a line that can no longer be bought', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows under 失效商品 with its reason, cannot be selected, and is cleared with 清空失效商品', async ({ browser }) => {
    await withOwnMall(
      'cart',
      async (db) => {
        const { token } = await createSession(db, 3);
        const ctx = { db, user: await findSessionUser(db, token) };
        const skuOf = async (id: number) =>
          (await db.select().from(productSku).where(eq(productSku.productId, id))).find((s) => s.stock > 5)!.unique;
        const kept = await createCart(ctx, { product_id: 1, product_attr_unique: await skuOf(1), cart_num: 1 });
        const gone = await createCart(ctx, { product_id: 7, product_attr_unique: await skuOf(7), cart_num: 2 });
        await db.update(product).set({ status: 0 }).where(eq(product.productId, 7));
        return { token, kept, gone };
      },
      async (baseURL, { token, kept, gone }) => {
        const context = await browser.newContext({ baseURL });
        await context.addCookies(sessionCookies(token, baseURL));
        const page = await context.newPage();
        await page.goto('/shopping_cart');

        const fail = page.locator('[data-cart-fail]');
        await expect(fail).toContainText('失效商品（1）');
        const line = fail.locator(`[data-cart-line="${gone.cart_id}"]`);
        await expect(line).toContainText('织梦');
        await expect(line).toContainText('商品已下架');
        await expect(line.getByRole('checkbox')).toHaveCount(0);
        await expect(page.locator('[data-merchant]')).toHaveCount(1);
        await expect(page.locator(`[data-merchant] [data-cart-line="${kept.cart_id}"]`)).toBeVisible();
        await expect(page.locator('[data-cart-summary]')).toContainText('已选 1 件');
        await expect(headerCount(page)).toHaveText('3'); // the header counts every line's pieces

        await fail.getByRole('button', { name: '清空失效商品' }).click();
        await answerConfirm(page, '确定清空失效商品吗？');
        await expect(fail).toHaveCount(0);
        await expect(headerCount(page)).toHaveText('1');
        await context.close();
      },
    );
  });
});
