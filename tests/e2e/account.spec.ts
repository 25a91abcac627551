// The /user account page: a signed-in shopper changes the password and the phone number with SMS codes.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test, expect, sessionCookies } from './fixtures.ts';
import { latestCode, noticesFor, uniquePhone } from './sms.ts';
import { SESSION_COOKIE, okBody, refusal, registered } from './accounts.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Registers a shopper, signs this browser in as them and opens /user. */
async function signedInShopper(request: APIRequestContext, context: BrowserContext, page: Page, baseURL: string) {
  const { phone, pwd } = await registered(request);
  const { data } = await okBody(
    await request.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd, phone_code: '86' } }),
  );
  await context.addCookies(sessionCookies(data.token, baseURL));
  await page.goto('/user');
  await expect(page.getByText(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible();
  return { phone, pwd };
}

const login = (request: APIRequestContext, phone: string, password: string) =>
  request.post('/api/auth/login', { data: { account: `86${phone}`, password, phone_code: '86' } });

test.describe('account page', () => {
  test('a shopper changes the password with a code sent to their phone, then only the new one signs in', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { phone, pwd } = await signedInShopper(request, context, page, baseURL!);
    const elsewhere = (await okBody(await login(request, phone, pwd))).data.token;
    await page.getByRole('button', { name: '修改密码' }).click();
    const form = page.getByRole('form', { name: '修改密码' });
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    await form.getByLabel('短信验证码').fill(await latestCode(phone, { type: 'change_pwd' }));
    await form.getByLabel('新密码', { exact: true }).fill('newpass88');
    await form.getByLabel('确认新密码').fill('newpass89');
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(toast(page, '两次密码不一致')).toBeVisible();
    await form.getByLabel('确认新密码').fill('newpass88');
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(toast(page, '密码修改成功')).toBeVisible();
    await expect(form).toBeHidden();

    expect((await refusal(await login(request, phone, pwd))).message).toBe('账号或密码错误');
    await okBody(await login(request, phone, 'newpass88'));
    // Signed out everywhere else; this browser stays signed in.
    expect((await request.get('/api/user', { headers: { 'X-Token': elsewhere } })).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('button', { name: '修改密码' })).toBeVisible();
  });

  test('a shopper moves the account to a new phone number with a code sent to that number', async ({ page, context, request, baseURL }) => {
    const { phone, pwd } = await signedInShopper(request, context, page, baseURL!);
    const next = uniquePhone();
    await page.getByRole('button', { name: '修改手机号' }).click();
    const form = page.getByRole('form', { name: '修改手机号' });
    await form.getByRole('textbox', { name: '手机号' }).fill(next);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    await form.getByLabel('短信验证码').fill('000000');
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(toast(page, '验证码错误')).toBeVisible();

    await form.getByLabel('短信验证码').fill(await latestCode(next, { type: 'change_phone' }));
    const reloaded = page.waitForEvent('load');
    await form.getByRole('button', { name: '确认修改' }).click();
    await reloaded;
    await expect(page.getByText(`+86 ${next.slice(0, 3)}****${next.slice(-4)}`)).toBeVisible();
    await okBody(await login(request, next, pwd));
    // The old phone is told where the account went.
    const [notice] = await noticesFor(phone);
    expect(notice).toMatchObject({ type: 'phone_changed', text: expect.stringContaining(`${next.slice(0, 3)}****${next.slice(-4)}`) });
  });
});
