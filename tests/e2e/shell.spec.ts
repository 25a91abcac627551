import { test, expect, signIn } from './fixtures.ts';

test.describe('page shell for a visitor', () => {
  test('renders the header and footer from the site config', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle('Mallfront 商城');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /多商户网上商城/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /Mallfront/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(page.getByRole('link', { name: 'Mallfront 商城首页' }).locator('img')).toHaveAttribute('src', '/images/logo.svg');
    await expect(page.getByRole('link', { name: '登录/注册' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: '我的订单' })).toHaveAttribute('href', '/user/order_list?type=1');
    // As in the reference's header: 我的余额 by the user menu's index, while the demo mall's balance features are on.
    await expect(page.getByRole('link', { name: '我的余额' })).toHaveAttribute('href', '/user/balance?type=3');
    await expect(page.getByRole('link', { name: '商家入驻' })).toHaveAttribute('href', '/merchant_settled');
    await expect(page.getByRole('link', { name: '新闻资讯' })).toHaveAttribute('href', '/news_list');
    await expect(page.locator('[data-cart-count]')).toBeHidden();
    const footer = page.locator('footer');
    for (const point of ['品类齐全', '多仓直发', '正品行货', '天天低价']) await expect(footer).toContainText(point);
    await expect(footer.getByRole('link', { name: '400-820-8820' })).toBeVisible();
    // url '#' is plain text, a real url is a link
    await expect(footer.getByText('© 2026 Mallfront 商城 版权所有')).toBeVisible();
    await expect(footer.getByRole('link', { name: '© 2026 Mallfront 商城 版权所有' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: '沪ICP备2026000001号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    // The global state as the server hands it over (spec section 3): the domain always ends with a slash.
    const state = JSON.parse((await page.locator('#mall-state').textContent())!);
    expect(state.page).toMatchObject({ hotline: '400-820-8820', logoUrl: '/images/logo.svg', headers: true, footers: true });
    expect(state.page.domain).toMatch(/^https?:\/\/[^/]+\/$/);
  });

  test('mobile mall QR shows with the follow hint on hover', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('关注官方公众号，手机逛商城')).toBeHidden();
    await page.getByText('手机商城', { exact: true }).hover();
    await expect(page.getByText('关注官方公众号，手机逛商城')).toBeVisible();
    const qr = page.getByRole('img', { name: '手机商城二维码' });
    await expect(qr).toHaveAttribute('src', '/qr.svg?path=%2F');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  });

  test('mobile mall QR shows to the keyboard too: its trigger is a button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '手机商城', exact: true }).focus();
    await expect(page.getByRole('img', { name: '手机商城二维码' })).toBeVisible();
  });

  test('the top banner closes without a reload and stays closed', async ({ page, context }) => {
    await page.goto('/');
    const banner = page.locator('[data-top-banner]');
    await expect(banner).toBeVisible();
    // A landmark of its own, so screen-reader users can find or skip it.
    await expect(page.getByRole('complementary', { name: '活动横幅' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('button', { name: '关闭横幅' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    const cookie = (await context.cookies()).find((c) => c.name === 'top_banner1');
    expect(cookie?.value).toBe('1');
    await page.reload();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('search from the header goes to /goods_search with the trimmed keyword', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('  蓝牙 耳机  ');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/goods_search\?title=%E8%93%9D%E7%89%99\+%E8%80%B3%E6%9C%BA$/);
  });

  test('an empty keyword does not navigate', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('   ');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('searchbox', { name: '搜索商品' })).toBeFocused();
  });

  test('the search box shows where the focus is, in the header and on the search page', async ({ page }) => {
    for (const [path, form] of [
      ['/', page.getByRole('search')],
      ['/goods_search?title=手机', page.locator('form.lst-search__form')],
    ] as const) {
      await page.goto(path);
      const ring = () => form.evaluate((e) => getComputedStyle(e).boxShadow);
      expect(await ring(), path).toBe('none');
      await form.getByRole('searchbox', { name: '搜索商品' }).focus();
      await expect.poll(ring, { message: path }).not.toBe('none');
    }
  });

  test('on /goods_cate the search stays on /goods_cate and the box is filled from title', async ({ page }) => {
    await page.goto('/goods_cate');
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('连衣裙');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/goods_cate\?title=%E8%BF%9E%E8%A1%A3%E8%A3%99$/);
    await expect(page.getByRole('searchbox', { name: '搜索商品' })).toHaveValue('连衣裙');
  });

  test('hot keywords search at once', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('list', { name: '热门搜索' }).getByRole('link', { name: '手机' }).click();
    await expect(page).toHaveURL(/\/goods_search\?title=%E6%89%8B%E6%9C%BA$/);
  });

  test('the search bar is hidden on /goods_search', async ({ page }) => {
    await page.goto('/goods_search?title=x');
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '我的订单' })).toBeVisible();
  });

  test('favourites shows the manual bookmark hint', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '收藏本站' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Please press Ctrl+D to bookmark manually' })).toBeVisible();
  });

  test('unknown routes show the 404 page with a way home', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByText('Sorry, the page you visited went wrong')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('locale picker', () => {
  test('choosing a country selects its currency; confirming saves the cookie and reloads', async ({ page, context }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /配送至/ });
    await expect(trigger).toContainText('中国');
    await expect(trigger).toContainText('CNY ¥');
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: '选择配送国家/地区和币种' });
    await dialog.getByRole('searchbox', { name: /国家\/地区/ }).fill('日本');
    await dialog.getByRole('button', { name: /日本/ }).click();
    await expect(dialog.getByText('币种：JPY JP¥')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: '确定' }).click();
    await reloaded;
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('JP|JPY|JP¥');
    await expect(page.getByRole('button', { name: /配送至/ })).toContainText('日本');
    await expect(page.getByRole('button', { name: /配送至/ })).toContainText('JPY JP¥');
    await expect(page.getByRole('button', { name: /配送至/ }).locator('img.flag')).toHaveAttribute('src', '/flags/JP.svg');
  });

  test('a locale cookie a script wrote unencoded shows its currency symbol', async ({ page }) => {
    await page.goto('/goods_list');
    // As `document.cookie` stores it: the symbol's UTF-8 bytes, not percent-encoded.
    await page.evaluate(() => {
      document.cookie = 'locale=KR|KRW|₩; path=/';
    });
    await page.reload();
    await expect(page.getByRole('button', { name: /配送至/ })).toContainText('韩国');
    await expect(page.getByRole('button', { name: /配送至/ })).toContainText('KRW ₩');
    await expect(page.locator('.card__now').first()).toHaveText(/^₩\d/);
  });

  test('flags are pictures (Windows draws no emoji flags) that load for every listed country', async ({ page, request }) => {
    await page.goto('/');
    const flag = page.getByRole('button', { name: /配送至/ }).locator('img.flag');
    await expect(flag).toHaveAttribute('src', '/flags/CN.svg');
    expect(await flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole('button', { name: /配送至/ }).click();
    const items = page.getByRole('list', { name: '国家/地区列表' }).locator('img.flag');
    await expect(items.first()).toBeVisible();
    for (const src of await items.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!))) {
      const res = await request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type']).toContain('image/svg+xml');
    }
    for (const bad of ['/flags/XX.svg', '/flags/constructor.svg', '/flags/..%2Fpackage.svg'])
      expect((await request.get(bad)).status()).toBe(404);
  });

  test('searches countries by phone code and currencies by code', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /配送至/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: /国家\/地区/ }).fill('+44');
    const countries = dialog.getByRole('list', { name: '国家/地区列表' }).getByRole('button');
    await expect(countries.first()).toContainText('英国');
    for (const text of await countries.allInnerTexts()) expect(text).toContain('+44');
    await dialog.getByRole('searchbox', { name: /币种/ }).fill('eur');
    await dialog.getByRole('button', { name: /欧元/ }).click();
    await expect(dialog.getByText('币种：EUR €')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('signed-in header', () => {
  test('a member sees avatar, nickname, crown and cart count', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'member');
    await page.goto('/');
    const user = page.locator('[data-user-link]');
    await expect(user).toHaveAttribute('href', '/user?type=0');
    await expect(user).toContainText('会员小米');
    await expect(user.getByRole('img', { name: '会员' })).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toHaveText('3');
    await expect(page.getByRole('link', { name: '登录/注册' })).toHaveCount(0);
  });

  test('a shopper without membership has no crown', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'buyer');
    await page.goto('/');
    await expect(page.locator('[data-user-link]')).toContainText('普通买家');
    await expect(page.locator('[data-member-crown]')).toHaveCount(0);
    await expect(page.locator('[data-cart-count]')).toHaveText('0');
  });
});

test.describe('speed and robustness', () => {
  test('React loads only when the shopper first touches an island', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const islandUrl = await page.locator('astro-island').first().getAttribute('component-url');
    expect(islandUrl).toBeTruthy();
    expect(scripts.some((u) => u.endsWith(islandUrl!))).toBe(false);
    const loaded = page.waitForRequest((r) => r.url().endsWith(islandUrl!));
    await page.getByRole('button', { name: /配送至/ }).hover();
    await loaded;
    // The touched island hydrates; the others (the footer's 在线客服) wait for their own first touch.
    await expect(page.locator('astro-island[ssr]', { has: page.getByRole('button', { name: /配送至/ }) })).toHaveCount(0);
    await expect(page.locator('astro-island[ssr]', { has: page.getByRole('button', { name: '在线客服' }) })).toHaveCount(1);
  });

  test('no Content-Security-Policy violation while loading and hydrating', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && violations.push(m.text()));
    await page.goto('/');
    await page.getByRole('button', { name: /配送至/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: /中国/ }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('an API request in flight shows the 2px progress bar', async ({ page }) => {
    await page.goto('/');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/config/currency/options**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /配送至/ }).click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS('height', '2px');
    await expect(bar).toHaveCSS('background-color', 'rgb(233, 51, 35)');
    release();
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('a route change shows the progress bar while the next page loads', async ({ page }) => {
    // While a navigation is pending Playwright cannot query the old document, so the page reports the bar itself.
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        const bar = document.querySelector('#nprogress .bar');
        if (bar && getComputedStyle(bar).height === '2px') {
          console.log('progress-bar-shown');
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/news_list', async (route) => {
      // Only the navigation is held; a prefetch of the same URL goes through.
      if (route.request().isNavigationRequest()) await held;
      await route.continue();
    });
    const shown = page.waitForEvent('console', (m) => m.text() === 'progress-bar-shown');
    // click() waits for the navigation it starts to commit, which is held until the bar has been seen.
    const clicked = page.getByRole('link', { name: '新闻资讯' }).click();
    await shown;
    release();
    await clicked;
    await expect(page).toHaveURL(/\/news_list$/);
  });

  test('going offline is noticed and recovering hides the notice', async ({ page, context }) => {
    await page.goto('/');
    await context.setOffline(true);
    await expect(page.getByText('网络已断开，部分功能暂不可用')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('网络已断开，部分功能暂不可用')).toHaveCount(0);
  });

  test('a script chunk that fails to load falls back to a full page load', async ({ page }) => {
    await page.goto('/');
    const islandUrl = await page.locator('astro-island').first().getAttribute('component-url');
    await page.route(`**${islandUrl}*`, (route) => route.abort());
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: /配送至/ }).hover();
    await reloaded;
    await expect(page.getByRole('button', { name: /配送至/ })).toBeVisible();
  });

  test('search works as a plain form with JavaScript disabled', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('茶叶');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\/goods_search\?title=%E8%8C%B6%E5%8F%B6$/);
    await context.close();
  });
});
