// Signing in as a shopper does it: the dialog, /login, SMS codes read from the outbox, scan login.
import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures.ts';
import { latestCode, uniquePhone } from './sms.ts';

async function openDialog(page: Page) {
  await page.getByRole('link', { name: '登录/注册' }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Islands that load with the page respond only once React has hydrated them. */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]:is([client="load"], [client="interact"][opts*=\'"value":"load"\'])')).toHaveCount(0);
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** What the shopper sees at the toast's centre is the toast: not hidden under the modal dialog. */
async function expectOnTop(page: Page, text: string) {
  const t = toast(page, text);
  await expect(t).toBeVisible();
  expect(
    await t.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    }),
  ).toBe(true);
}

async function fillPhone(scope: ReturnType<Page['getByRole']>, phone: string) {
  await scope.getByRole('textbox', { name: '手机号' }).fill(phone);
}

/** Sends a code from the panel and reads it from the SMS outbox (written before the server answers). */
async function sendCode(page: Page, scope: ReturnType<Page['getByRole']>, phone: string, type: string): Promise<string> {
  await scope.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  return latestCode(phone, { type });
}

/** Signs a new number in from the dialog's quick login (SMS code), on the page already open; the page reloads signed in. */
async function signInBySms(page: Page, phone: string): Promise<void> {
  const dialog = await openDialog(page);
  await fillPhone(dialog, phone);
  await dialog.getByRole('textbox', { name: '短信验证码' }).fill(await sendCode(page, dialog, phone, 'login'));
  await dialog.getByRole('checkbox').check();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await reloaded;
  await expect(page.locator('[data-user-link]')).toContainText(`用户${phone.slice(-4)}`);
}

test.describe('login dialog', () => {
  test('register, see the nickname, sign out, then sign in with the password', async ({ page }) => {
    const phone = uniquePhone();
    await page.goto('/');
    let dialog = await openDialog(page);
    await expect(dialog.getByRole('tab', { name: '快捷登录' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('button', { name: '立即注册' }).click();
    await expect(dialog.getByRole('heading', { name: '注册账号' })).toBeVisible();
    await fillPhone(dialog, phone);
    const code = await sendCode(page, dialog, phone, 'register');
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill(code);
    await dialog.getByLabel('密码', { exact: true }).fill('abc12345');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page);
    await expect(dialog.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
    await fillPhone(dialog, phone);
    await dialog.getByLabel('密码', { exact: true }).fill('abc12345');
    await dialog.getByRole('checkbox').check();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await reloaded;
    await expect(page.locator('[data-user-link]')).toContainText(`用户${phone.slice(-4)}`);

    await page.getByRole('button', { name: '退出' }).click();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a logout whose call fails still signs the browser out, and ends the session at its next request', async ({ page, request }) => {
    const phone = uniquePhone();
    await page.goto('/');
    await signInBySms(page, phone);
    const token = (await page.context().cookies()).find((c) => c.name === 'auth._token.local')!.value;

    // The logout call never reaches the server.
    await page.route('**/api/logout', (route) => route.abort());
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(page.locator('[data-user-link]')).toHaveCount(0);
    // The session is over on the server too, and the browser holds neither cookie any more.
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('auth._token.local');
    expect(names).not.toContain('signed_out');
    const res = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    expect((await res.json()).status).toBe(40000);
    await page.reload();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
  });

  test('Back and Forward never show the header from before signing in or out', async ({ page }) => {
    const phone = uniquePhone();
    await page.goto('/news_list');
    await page.goto('/');
    await signInBySms(page, phone);
    const nickname = `用户${phone.slice(-4)}`;
    // The news list was last seen as a visitor: the browser's copy of it is not what the shopper gets now.
    await page.goBack();
    await expect(page).toHaveURL(/\/news_list$/);
    await expect(page.locator('[data-user-link]')).toContainText(nickname);
    await expect(page.getByRole('link', { name: '登录/注册' })).toHaveCount(0);
    await page.goForward();
    await expect(page.locator('[data-user-link]')).toContainText(nickname);
    // Signed out, the pages seen signed in come back as a visitor's.
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(page.locator('[data-user-link]')).toHaveCount(0);
  });

  test('sign in by SMS code (quick login registers a new number)', async ({ page }) => {
    await page.goto('/');
    await signInBySms(page, uniquePhone());
  });

  test('a wrong SMS code always says 验证码错误', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await fillPhone(dialog, '13900139000');
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill('000000');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '验证码错误')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('reset the password, then sign in with the new one (Enter submits)', async ({ page }) => {
    // A shopper of our own, so other tests' demo logins are unaffected.
    const phone = uniquePhone();
    await page.goto('/');
    let dialog = await openDialog(page);
    await dialog.getByRole('button', { name: '立即注册' }).click();
    await fillPhone(dialog, phone);
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill(await sendCode(page, dialog, phone, 'register'));
    await dialog.getByLabel('密码', { exact: true }).fill('old12345');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page);
    await fillPhone(dialog, phone);
    await dialog.getByRole('button', { name: '忘记密码' }).click();
    await expect(dialog.getByRole('heading', { name: '找回密码' })).toBeVisible();
    // The keyboard focus moved into the new panel with it, not to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-panel="4"]') !== null)).toBe(true);
    await expect(dialog.getByRole('textbox', { name: '手机号' })).toHaveValue('');
    await fillPhone(dialog, phone);
    await dialog.getByLabel('新密码', { exact: true }).fill('new12345');
    await dialog.getByLabel('确认新密码').fill('new12345');
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill(await sendCode(page, dialog, phone, 'change_pwd'));
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect(toast(page, '密码修改成功')).toBeVisible();
    await expect(dialog.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');

    await fillPhone(dialog, phone);
    await dialog.getByLabel('密码', { exact: true }).fill('old12345');
    await dialog.getByRole('checkbox').check();
    await dialog.getByLabel('密码', { exact: true }).press('Enter');
    await expect(toast(page, '账号或密码错误')).toBeVisible();
    // Pressed again, the button keeps the keyboard focus through the request (a disabled button would drop it).
    const submit = dialog.getByRole('button', { name: '登录', exact: true });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await submit.click();
    await answered;
    await expect(submit).toBeFocused();
    // The form takes the next submit once it has read that answer (a busy form ignores one).
    await expect(submit).not.toHaveAttribute('aria-disabled');
    await dialog.getByLabel('密码', { exact: true }).fill('new12345');
    const reloaded = page.waitForEvent('load');
    await dialog.getByLabel('密码', { exact: true }).press('Enter');
    await reloaded;
    await expect(page.locator('[data-user-link]')).toContainText(`用户${phone.slice(-4)}`);
  });

  test('the code button counts down from 60 s, then offers to get a code again', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const dialog = await openDialog(page);
    await fillPhone(dialog, uniquePhone());
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    const button = dialog.locator('[data-code-button]');
    await expect(button).toHaveText('60s');
    await expect(button).toBeDisabled();
    await page.clock.runFor(1000);
    await expect(button).toHaveText('59s');
    await page.clock.runFor(59000);
    await expect(button).toHaveText('重新获取');
    await expect(button).toBeEnabled();
  });

  test('validation follows spec section 5 before anything is sent', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: '账号登录' }).click();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expectOnTop(page, '请填写手机号码');
    await fillPhone(dialog, '13800138000');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '请填写密码')).toBeVisible();
    await dialog.getByLabel('密码', { exact: true }).fill('mall123456');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '请勾选用户隐私协议')).toBeVisible();
    await dialog.getByRole('button', { name: '立即注册' }).click();
    await fillPhone(dialog, '13712345678');
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill('123456');
    await dialog.getByLabel('密码', { exact: true }).fill('123456');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '请输入6-16位字母加数字组合')).toBeVisible();
  });

  test("the register and reset panels keep the spec's field order", async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    const fields = () =>
      dialog
        .locator('form input:not([type=checkbox]), form button[type=button]:not(.link-btn)')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') || e.textContent?.trim()));
    await dialog.getByRole('button', { name: '立即注册' }).click();
    await expect(dialog.getByRole('heading', { name: '注册账号' })).toBeVisible();
    expect((await fields()).filter((f) => !f?.startsWith('地区号'))).toEqual(['手机号', '短信验证码', '获取验证码', '密码']);
    await dialog.getByRole('button', { name: '已有账号，去登录' }).click();
    await dialog.getByRole('button', { name: '忘记密码' }).click();
    await expect(dialog.getByRole('heading', { name: '找回密码' })).toBeVisible();
    expect((await fields()).filter((f) => !f?.startsWith('地区号'))).toEqual([
      '手机号',
      '新密码',
      '确认新密码',
      '短信验证码',
      '获取验证码',
    ]);
    // Checked in the spec's order: the confirmation before the code.
    await fillPhone(dialog, '13800138000');
    await dialog.getByLabel('新密码', { exact: true }).fill('abc123');
    await dialog.getByLabel('确认新密码').fill('abc124');
    await dialog.getByRole('button', { name: '确认' }).click();
    await expectOnTop(page, '两次密码不一致');
  });

  test('quick login shows the image captcha once the server asks for one, and sends the code with its answer', async ({
    page,
    request,
  }) => {
    // Codes from this test's address (its own X-Forwarded-For) until the limit of ten an hour: the next needs the captcha.
    for (let sent = 0; ; sent++) {
      const res = await request.post('/api/auth/verify', { data: { phone_code: '86', phone: uniquePhone(), type: 'login' } });
      if (res.status() !== 200) {
        expect((await res.json()).data).toEqual({ need_captcha: true });
        break;
      }
      expect(sent).toBeLessThan(10);
    }
    const phone = uniquePhone();
    await page.goto('/');
    const dialog = await openDialog(page);
    await hydrated(page);
    await fillPhone(dialog, phone);
    const captchaShown = page.waitForResponse((r) => r.url().endsWith('/api/captcha'));
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expectOnTop(page, '请输入图形验证码');
    // Test mode gives the answer with the picture; the panel shows the picture and its field.
    const { data: captcha } = await (await captchaShown).json();
    await expect(dialog.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await dialog.getByRole('textbox', { name: '图形验证码' }).fill(captcha.code);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expectOnTop(page, '验证码已发送');
    const code = await latestCode(phone, { type: 'login' });
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill(code);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.locator('[data-user-link]')).toContainText(`用户${phone.slice(-4)}`);
  });

  test('focus moves into the dialog, Escape closes it, agreement links open in a new tab', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const agree = dialog.getByRole('link', { name: '《用户协议》' });
    await expect(agree).toHaveAttribute('href', '/privacy_agreement?type=sys_user_agree');
    await expect(agree).toHaveAttribute('target', '_blank');
    await expect(dialog.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy_agreement?type=sys_userr_privacy');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('switching panels by keyboard puts the focus in the new panel’s first field; arrow keys move between the tabs', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    const account = dialog.getByRole('tab', { name: '账号登录' });
    const quick = dialog.getByRole('tab', { name: '快捷登录' });
    await quick.focus();
    await page.keyboard.press('ArrowRight');
    await expect(account).toHaveAttribute('aria-selected', 'true');
    await expect(account).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(quick).toHaveAttribute('aria-selected', 'true');
    await expect(quick).toBeFocused();
    await page.keyboard.press('End');
    await dialog.getByRole('button', { name: '忘记密码' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: '手机号' })).toBeFocused();
  });

  test('the QR icon shows the scan panel and the back icon returns to quick login', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: '扫码登录' }).click();
    await expect(dialog.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
    await dialog.getByRole('button', { name: '返回' }).click();
    await expect(dialog.getByRole('tab', { name: '快捷登录' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('scan login', () => {
  test('a signed-in phone confirms, and the browser showing the QR code is signed in', async ({ page, browser, baseURL }) => {
    await page.goto('/');
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: '扫码登录' }).click();
    const key = await dialog.getByRole('img', { name: '扫码登录二维码' }).getAttribute('data-scan-key');
    expect(key).toBeTruthy();

    const phone = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.7' } });
    await signIn(phone, baseURL!, 'member');
    const phonePage = await phone.newPage();
    await phonePage.goto(`/scan_login?key=${key}`);
    // The phone names the computer's real browser and its address (the PC page's X-Forwarded-For, fixtures.ts).
    await expect(phonePage.getByRole('definition').first()).toHaveText(/^Chrome \d+$/);
    await expect(phonePage.getByRole('definition').last()).toHaveText(/^203\.0\.11\d\.\*$/);
    const reloaded = page.waitForEvent('load');
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await expect(phonePage.getByRole('status').filter({ hasText: '已确认登录' })).toBeVisible();
    await reloaded;
    await expect(page.locator('[data-user-link]')).toContainText('会员小米');
    await phone.close();
  });
});

/** The demo member signs in with the password panel of the /login page. */
async function signInOnLoginPage(page: Page) {
  await hydrated(page);
  await page.getByRole('tab', { name: '账号登录' }).click();
  await fillPhone(page.getByRole('form', { name: '账号登录' }), '13800138000');
  await page.getByLabel('密码', { exact: true }).fill('mall123456');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test.describe('login page and redirects', () => {
  test('a visitor sent from /user to /login comes back after signing in', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
    await signInOnLoginPage(page);
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('heading', { name: '账户管理' })).toBeVisible();
    await expect(page.getByText('138****8000')).toBeVisible();
  });

  test('a fromPath pointing at another site is ignored', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'fromPath', value: encodeURIComponent('//evil.example/steal'), url: baseURL! }]);
    await page.goto('/login');
    // The page's one heading names it, for screen readers (the panels carry the visible titles).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录 Mallfront 商城');
    await signInOnLoginPage(page);
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a signed-in shopper visiting /login goes home', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, 'buyer');
    await page.goto('/login');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('the agreement pages render from Markdown', async ({ page }) => {
    await page.goto('/privacy_agreement?type=sys_userr_privacy');
    await expect(page.getByRole('heading', { name: '隐私政策', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('隐私政策 - Mallfront 商城');
    expect((await page.goto('/privacy_agreement?type=nope'))?.status()).toBe(404);
    // Without a type, the page lists every agreement, each linking to its page.
    expect((await page.goto('/privacy_agreement'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '协议与规则', level: 1 })).toBeVisible();
    const privacy = page.locator('.agreement__list').getByRole('link', { name: '隐私政策' });
    await expect(privacy).toHaveAttribute('href', '/privacy_agreement?type=sys_userr_privacy');
    await expect(page.locator('.agreement__list li')).toHaveCount(7);
    await privacy.click();
    await expect(page.getByRole('heading', { name: '隐私政策', level: 1 })).toBeVisible();
  });
});
