// Accounts over the real HTTP API for browser and API tests: envelopes, SMS codes from the test outbox, a
// freshly registered shopper.
import type { APIRequestContext, APIResponse, BrowserContext } from '@playwright/test';
import { expect, sessionCookies } from './fixtures.ts';
import { latestCode, uniquePhone } from './sms.ts';

export const SESSION_COOKIE = 'auth._token.local';

export async function envelope(res: APIResponse): Promise<{ status: number; message: string; data?: any }> {
  expect(res.headers()['content-type']).toContain('application/json');
  const body = await res.json();
  expect(Object.keys(body).every((k) => ['status', 'message', 'data'].includes(k))).toBe(true);
  return body;
}

export async function okBody(res: APIResponse) {
  const body = await envelope(res);
  expect(res.status(), body.message).toBe(200);
  expect(body.status).toBe(200);
  return body;
}

export async function refusal(res: APIResponse, status = 400) {
  const body = await envelope(res);
  expect(res.status()).toBe(status);
  expect(body.status).toBe(status);
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  return body;
}

/** Sends a code, answering the image captcha when the server demands one (test mode shows its answer). */
export async function sendCode(api: APIRequestContext, body: Record<string, string>): Promise<void> {
  let res = await api.post('/api/auth/verify', { data: body });
  if ((await res.json()).data?.need_captcha) {
    const { data } = await okBody(await api.get('/api/captcha'));
    res = await api.post('/api/auth/verify', { data: { ...body, key: data.key, code: data.code } });
  }
  expect((await okBody(res)).message).toBe('验证码已发送');
}

export function sessionCookieOf(res: APIResponse): string | undefined {
  return res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${SESSION_COOKIE}=`))?.value;
}

/** A shopper registered through the API, with a password. */
export async function registered(api: APIRequestContext): Promise<{ phone: string; pwd: string }> {
  const phone = uniquePhone();
  await sendCode(api, { phone_code: '86', phone, type: 'register' });
  const sms_code = await latestCode(phone, { type: 'register' });
  const res = await api.post('/api/auth/register', { data: { phone_code: '86', phone, sms_code, pwd: 'pass2026', user_type: 'pc' } });
  expect((await okBody(res)).message).toBe('注册成功');
  expect(sessionCookieOf(res)).toBeUndefined();
  return { phone, pwd: 'pass2026' };
}

/**
 * A freshly registered shopper signed in through the API; with `context` and `baseURL` the browser gets the session
 * cookie too. Returns the session token (for `Authorization: Bearer` API calls).
 */
export async function freshShopper(api: APIRequestContext, context?: BrowserContext, baseURL?: string): Promise<string> {
  const { phone, pwd } = await registered(api);
  const { data } = await okBody(await api.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd, phone_code: '86' } }));
  if (context && baseURL) {
    await context.addCookies(sessionCookies(data.token, baseURL));
  }
  return data.token;
}
