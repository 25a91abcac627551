// What a new shopper tripped on (issue 9, "Also found, tried as a new user would"): lost first clicks on /login,
// logins that forgot the page, a clipped area-code list, the phone page for scan login, the locale picker's
// marks and symbols, and prefetches of pages that do not exist yet.
import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect, scriptErrors, signIn } from './fixtures.ts';
import { freshShopper, okBody } from './accounts.ts';
import { matchRoute } from '../../src/shared/routes.ts';

const fromPathOf = async (page: Page) => {
  const c = (await page.context().cookies()).find((x) => x.name === 'fromPath');
  return c ? decodeURIComponent(c.value) : undefined;
};

/** The box of `inner` lies inside the box of `outer` (both in viewport coordinates). */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.y >= b.y - 0.5 && a.y + a.height <= b.y + b.height + 0.5 && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test.describe('the first click on /login', () => {
  test('a click that lands before the panels hydrate still switches the panel', async ({ page }) => {
    // Hold the login panels' code until the click has happened: the click lands on the server-rendered HTML.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/Login(Page|Panels)\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const tab = page.getByRole('tab', { name: '账号登录' });
    await tab.click();
    release();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: '密码' })).toBeVisible();
  });

  test('on every fresh load the first click on 账号登录 or the QR icon counts', async ({ page }) => {
    test.setTimeout(120_000);
    for (let i = 0; i < 6; i++) {
      await page.goto('/login');
      if (i % 2 === 0) {
        const tab = page.getByRole('tab', { name: '账号登录' });
        await tab.click();
        await expect(tab, `load ${i + 1}`).toHaveAttribute('aria-selected', 'true');
      } else {
        await page.getByRole('button', { name: '扫码登录' }).click();
        await expect(page.getByRole('img', { name: '扫码登录二维码' }), `load ${i + 1}`).toBeVisible();
      }
    }
  });
});

test.describe('every way into login remembers the page', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: '登录' });

  test('加入购物车 as a visitor', async ({ page }) => {
    await page.goto('/goods_detail/1?from=ad');
    await page.locator('[data-buy-box]').getByRole('button', { name: '加入购物车' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await fromPathOf(page)).toBe('/goods_detail/1?from=ad');
  });

  test('收藏 as a visitor', async ({ page }) => {
    await page.goto('/goods_detail/6');
    await page.getByRole('button', { name: '收藏商品' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await fromPathOf(page)).toBe('/goods_detail/6');
  });

  test('领取 as a visitor', async ({ page }) => {
    await page.goto('/goods_detail/5');
    await page.locator('[data-coupon]').getByRole('button', { name: '领取' }).first().click();
    await expect(dialog(page)).toBeVisible();
    expect(await fromPathOf(page)).toBe('/goods_detail/5');
  });

  test('a session ended elsewhere: the first 请登录 opens the dialog and the header shows a visitor’s', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    await page.goto('/goods_detail/1');
    await expect(page.locator('.topbar [data-user-link]')).toBeVisible();
    // Signed out from another device: this page still shows the shopper until the server says 请登录.
    await okBody(await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } }));
    await page.locator('[data-buy-box]').getByRole('button', { name: '加入购物车' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await fromPathOf(page)).toBe('/goods_detail/1');
    await expect(page.locator('.topbar [data-user-link]')).toHaveCount(0);
    await expect(page.locator('.topbar [data-logout]')).toHaveCount(0);
    await expect(page.locator('.topbar').getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(page.locator('[data-cart-count]').first()).toBeHidden();
  });

  test('the header link, and the /login page then returns to the page', async ({ page }) => {
    await page.goto('/news_list?page=1');
    await page.getByRole('link', { name: '登录/注册' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await fromPathOf(page)).toBe('/news_list?page=1');
  });
});

test('the area-code list in the login dialog is whole on screen and every country can be picked', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '登录/注册' }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await dialog.getByRole('button', { name: /地区号 \+86/ }).click();
  const list = dialog.getByRole('list', { name: '国家/地区区号' });
  const options = list.getByRole('button');
  await expect(options).toHaveCount(20);
  expect(await inside(list, dialog), 'the list lies inside the dialog').toBe(true);
  // The list scrolls by itself: its last country is reached without moving the dialog.
  const last = options.last();
  const code = (await last.locator('small').textContent())!.trim();
  await last.scrollIntoViewIfNeeded();
  expect(await inside(last, list)).toBe(true);
  expect(await inside(list, dialog)).toBe(true);
  await last.click();
  await expect(dialog.getByRole('button', { name: `地区号 ${code}，点击选择国家/地区` })).toBeVisible();
});

test.describe('scan login on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the confirmation page is laid out for the phone: the requesting device, no sideways scroll, a large confirm button', async ({
    page,
    context,
    request,
    baseURL,
    extraHTTPHeaders,
  }) => {
    // The computer that shows the QR code: its browser, system and address are what the phone shows.
    const pcAgent =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87';
    const { data } = await okBody(await request.get('/api/pc/login/scan', { headers: { 'user-agent': pcAgent } }));
    // The test's client address (fixtures.ts), which the test server takes from X-Forwarded-For.
    const pcAddress = extraHTTPHeaders!['X-Forwarded-For']!;
    await signIn(context, baseURL!, 'member');
    await page.goto(`/scan_login?key=${data.key}`);
    const confirm = page.getByRole('button', { name: '确认登录' });
    await expect(confirm).toBeEnabled();
    const device = page.getByRole('definition');
    await expect(device).toHaveText([
      'Microsoft Edge 126',
      'Windows 10/11',
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d（北京时间，(刚刚|\d+秒前)）$/,
      `${pcAddress.split('.').slice(0, 3).join('.')}.*`,
    ]);
    await expect(page.getByRole('term')).toHaveText(['浏览器', '操作系统', '请求时间', 'IP 地址']);
    await expect(page.getByText('如果这不是你本人的操作，请点击拒绝')).toBeVisible();
    await mkdir('reports', { recursive: true });
    await page.screenshot({ path: 'reports/scan-login-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const box = (await confirm.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('heading', { name: '电脑端登录确认' })).toBeInViewport();
    // The request time is mall time (UTC+8) whatever the browser's zone.
    const shown = (await device.nth(2).textContent())!.slice(0, 19);
    expect(Math.abs(Date.parse(`${shown.replace(' ', 'T')}+08:00`) - Date.now())).toBeLessThan(120_000);

    // One answer only: after 拒绝 the key is used up, and the page says so on a second look.
    await page.getByRole('button', { name: '拒绝' }).click();
    await expect(page.getByRole('status')).toHaveText('已拒绝登录');
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('已拒绝这次登录');
    await expect(page.getByRole('button', { name: '确认登录' })).toHaveCount(0);
  });

  test('a phone not signed in yet signs in on a page laid out for it, then confirms; a bad code is a phone-sized 404', async ({
    page,
    request,
  }) => {
    const { data } = await okBody(await request.get('/api/pc/login/scan'));
    await page.goto(`/scan_login?key=${data.key}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('html')).toHaveAttribute('data-layout', 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const tab = page.getByRole('tab', { name: '账号登录' });
    await tab.click();
    await expect(page.getByRole('textbox', { name: '手机号' })).toBeInViewport();
    await page.getByRole('textbox', { name: '手机号' }).fill('13800138000');
    await page.getByLabel('密码', { exact: true }).fill('mall123456');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // Back where the QR code sent it, signed in.
    await expect(page.getByRole('button', { name: '确认登录' })).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const bad = await page.goto('/scan_login?key=abc');
    expect(bad?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-layout', 'phone');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('locale picker marks and symbols', () => {
  const picker = async (page: Page) => {
    await page.getByRole('button', { name: /配送至/ }).click();
    return page.getByRole('dialog', { name: '选择配送国家/地区和币种' });
  };
  const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);

  test('the chosen country and currency are marked', async ({ page }) => {
    await page.goto('/');
    const dialog = await picker(page);
    const china = dialog.getByRole('list', { name: '国家/地区列表' }).getByRole('button', { name: /中国/ }).first();
    const cny = dialog.getByRole('list', { name: '币种列表' }).getByRole('button', { name: /人民币/ });
    await expect(china).toHaveAttribute('aria-pressed', 'true');
    await expect(cny).toHaveAttribute('aria-pressed', 'true');
    const other = dialog.getByRole('list', { name: '币种列表' }).getByRole('button', { name: /港元|港币/ });
    await expect(other).toHaveAttribute('aria-pressed', 'false');
    expect(await background(cny)).not.toBe(await background(other));
    expect(await background(china)).toBe(await background(cny));
  });

  test('a currency whose symbol is its code shows the code once', async ({ page }) => {
    await page.goto('/');
    const dialog = await picker(page);
    await dialog.getByRole('searchbox', { name: /币种/ }).fill('SGD');
    const sgd = dialog.getByRole('list', { name: '币种列表' }).getByRole('button', { name: /新加坡元/ });
    await expect(sgd).toBeVisible();
    expect((await sgd.locator('small').textContent())!.match(/SGD/g)).toHaveLength(1);
  });

  test('US dollars are $ in the picker, the cookie, the header and the prices', async ({ page, context }) => {
    await page.goto('/goods_detail/1');
    const dialog = await picker(page);
    await dialog.getByRole('searchbox', { name: /国家\/地区/ }).fill('美国');
    await dialog.getByRole('button', { name: /^美国 \+1$/ }).click();
    await expect(dialog.getByText('币种：USD $', { exact: true })).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: '确定' }).click();
    await reloaded;
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('US|USD|$');
    await expect(page.getByRole('button', { name: /配送至/ })).toContainText('USD $');
    await expect(page.locator('[data-buy-box] [data-sku-price]')).toHaveText(/^\$\d+\.\d\d$/);
  });
});

/** Waits until quicklink, which starts at idle time (2 s at most), has looked at the visible links and prefetched. */
async function idle(page: import('@playwright/test').Page) {
  for (let k = 0; k < 2; k++) {
    await page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => requestAnimationFrame(() => r()), { timeout: 2000 })));
  }
}

test('a visitor prefetches only pages that exist; a signed-in shopper, whose pages are never kept, prefetches none', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = scriptErrors(page);
  const prefetched = () =>
    page.locator('link[rel="prefetch"]').evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  // /news_list sits in the same header row as the links to pages still missing: quicklink sees them together.
  const news = page.waitForResponse((r) => new URL(r.url()).pathname === '/news_list');
  await page.goto('/');
  expect((await news).status()).toBe(200);
  await idle(page);
  expect(await prefetched()).toContain('/news_list');
  // Only routes with a page are prefetched (商家入驻 /merchant_settled has one since #14; unbuilt ones never), and no
  // page that asks a visitor to sign in.
  expect((await prefetched()).filter((p) => !matchRoute(p)?.built || matchRoute(p)?.login)).toEqual([]);

  await signIn(context, baseURL!, 'buyer');
  const seen: string[] = [];
  page.on('request', (r) => r.resourceType() !== 'document' && r.headers()['sec-purpose']?.includes('prefetch') && seen.push(r.url()));
  await page.goto('/');
  await expect(page.locator('[data-user-link]')).toBeVisible();
  await idle(page);
  expect(await prefetched()).toEqual([]);
  expect(seen).toEqual([]);
  expect(errors).toEqual([]);
});
