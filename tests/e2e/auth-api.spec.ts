// The accounts API over real HTTP against the built server (spec sections 7 and 8, issue 3): envelopes,
// session cookies, SMS codes read from the test outbox. Every test uses its own fresh phone numbers.
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { codeCount, latestCode, noticesFor, uniquePhone } from './sms.ts';
import { aesEncrypt } from '../../src/server/auth/slider-captcha.ts';
import { SESSION_COOKIE, envelope, okBody, refusal, sendCode, sessionCookieOf, registered } from './accounts.ts';

test.describe('accounts API', () => {
  test('GET /api/captcha gives an SVG data URL, a key and, in test mode, the answer', async ({ request }) => {
    const { data } = await okBody(await request.get('/api/captcha'));
    expect(data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.key.length).toBeGreaterThanOrEqual(32);
    expect(data.code).toMatch(/^[A-Za-z0-9]{4}$/);
  });

  test("the reference's slider captcha: a puzzle, an answer checked once, a verification the SMS send takes", async ({ request }) => {
    const { data: puzzle } = await okBody(await request.get('/api/ajcaptcha?captchaType=blockPuzzle'));
    expect(puzzle.originalImageBase64).toMatch(/^iVBORw0KGgo/); // a PNG, as base64 without a data: prefix
    expect(puzzle.jigsawImageBase64).toMatch(/^iVBORw0KGgo/);
    expect(puzzle.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
    // The browser's answer, as AJ-Captcha's code encrypts it (AES-128-ECB with the secret key, base64).
    const point = JSON.stringify({ x: puzzle.x + 1.5, y: 5 });
    const pointJson = aesEncrypt(point, puzzle.secretKey);
    const check = (body: Record<string, unknown>) => request.post('/api/ajcheck', { data: { captchaType: 'blockPuzzle', ...body } });
    expect((await okBody(await check({ token: puzzle.token, pointJson }))).message).toBe('验证成功');
    expect((await refusal(await check({ token: puzzle.token, pointJson }), 400)).message).toBe('验证失败，请重新拖动滑块');
    for (const body of [{}, { token: 1, pointJson: [] }, { token: puzzle.token, pointJson: 'garbage' }])
      await refusal(await check(body), 400);

    const captchaVerification = aesEncrypt(`${puzzle.token}---${point}`, puzzle.secretKey);
    // A reference client sends its verification with every code it asks for: it passes the captcha whenever one is
    // due (the unit tests show it standing in for the image captcha, once).
    const res = await request.post('/api/auth/verify', {
      data: { phone_code: '86', phone: uniquePhone(), type: 'login', captchaType: 'blockPuzzle', captchaVerification },
    });
    expect((await okBody(res)).message).toBe('验证码已发送');
  });

  test('register → password login (cookie) → /api/user → logout → /api/user says 请登录', async ({ request }) => {
    const { phone, pwd } = await registered(request);
    const res = await request.post('/api/auth/login', {
      data: { account: `86${phone}`, password: pwd, phone_code: '86', user_type: 'pc' },
    });
    const { data } = await okBody(res);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.expires_time).toBeGreaterThan(Date.now() / 1000 + 604000);
    expect(data.user).toMatchObject({
      nickname: `用户${phone.slice(-4)}`,
      avatar: '/images/avatar-2.svg',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toContain(`${SESSION_COOKIE}=${data.token}`);
    for (const attr of ['HttpOnly', 'Path=/', 'SameSite=Lax', 'Max-Age=604800']) expect(cookie).toContain(attr);
    expect(cookie).not.toContain('Secure');

    expect((await okBody(await request.get('/api/user'))).data.nickname).toBe(`用户${phone.slice(-4)}`);
    const out = await request.post('/api/logout');
    expect((await okBody(out)).message).toBe('已退出登录');
    expect(sessionCookieOf(out)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await refusal(await request.get('/api/user'))).message).toBe('请登录');
    // Revoked on the server: the token no longer works from any client.
    const again = await request.get('/api/user', { headers: { authorization: `Bearer ${data.token}` } });
    expect(again.status()).toBe(401);
    expect((await envelope(again)).status).toBe(40000);
  });

  test('a wrong password gets its message; bad input is a 400, never a 500', async ({ request }) => {
    const wrong = await refusal(await request.post('/api/auth/login', { data: { account: `86${uniquePhone()}`, password: 'nope1234' } }));
    expect(wrong.message).toBe('账号或密码错误');
    expect((await refusal(await request.post('/api/auth/verify', { data: { phone_code: '86', type: 'login' } }))).message).toBe(
      '请填写手机号码',
    );
    expect(
      (await refusal(await request.post('/api/auth/register', { data: 'not json', headers: { 'content-type': 'application/json' } })))
        .message,
    ).toBe('请求格式不正确');
    expect((await refusal(await request.post('/api/auth/login', { data: [] }))).message).toBe('请求格式不正确');
    expect((await refusal(await request.post('/api/auth/smslogin', { data: { phone: 1 } }))).message).toBe('验证码错误');
  });

  test('a register code for a registered phone is answered as for a new one; the owner gets a notice and no code', async ({ request }) => {
    const registeredPhone = '13800138000';
    const fresh = uniquePhone();
    const ask = async (phone: string) => {
      const res = await request.post('/api/auth/verify', { data: { phone_code: '86', phone, type: 'register' } });
      return { http: res.status(), body: await res.json() };
    };
    const first = await ask(registeredPhone);
    expect(first).toEqual(await ask(fresh));
    expect(first).toEqual({ http: 200, body: { status: 200, message: '验证码已发送' } });
    // The same one-a-minute answer too.
    const again = await ask(registeredPhone);
    expect(again.http).toBe(429);
    expect(again).toEqual(await ask(fresh));

    const [notice] = await noticesFor(registeredPhone);
    expect(notice).toMatchObject({
      phone_code: '86',
      type: 'register_notice',
      text: expect.stringContaining('您已注册，可直接登录或找回密码'),
    });
    expect(notice!.code).toBeUndefined();
    expect(await codeCount(registeredPhone, 'register')).toBe(0);
    expect(await latestCode(fresh, { type: 'register' })).toMatch(/^\d{6}$/);

    // No code registers the phone again: the answers are the code answers of a new phone.
    for (const sms_code of ['000000', '123456']) {
      const res = await request.post('/api/auth/register', {
        data: { phone_code: '86', phone: registeredPhone, sms_code, pwd: 'take0ver', user_type: 'pc' },
      });
      expect((await refusal(res)).message).toBe('验证码错误');
    }
    await okBody(await request.post('/api/auth/login', { data: { account: `86${registeredPhone}`, password: 'mall123456' } }));
  });

  test('codes: one send a minute, single use, and 验证码错误 for any failed SMS login', async ({ request }) => {
    const phone = uniquePhone();
    await sendCode(request, { phone_code: '86', phone, type: 'login' });
    const code = await latestCode(phone, { type: 'login' });
    const soon = await refusal(await request.post('/api/auth/verify', { data: { phone_code: '86', phone, type: 'login' } }), 429);
    expect(soon.message).toMatch(/^请\d{1,2}秒后再试$/);
    const bad = code === '000000' ? '111111' : '000000';
    expect((await refusal(await request.post('/api/auth/smslogin', { data: { phone_code: '86', phone, sms_code: bad } }))).message).toBe(
      '验证码错误',
    );
    const res = await request.post('/api/auth/smslogin', { data: { phone_code: '86', phone, sms_code: code, user_type: 'pc' } });
    const { data } = await okBody(res);
    expect(data.user.nickname).toBe(`用户${phone.slice(-4)}`);
    expect(sessionCookieOf(res)).toContain('Max-Age=604800');
    expect((await refusal(await request.post('/api/auth/smslogin', { data: { phone_code: '86', phone, sms_code: code } }))).message).toBe(
      '验证码错误',
    );
  });

  test('forgot password: reset by SMS as a visitor, then sign in with the new password', async ({ request }) => {
    const { phone, pwd } = await registered(request);
    const unknown = uniquePhone();
    await sendCode(request, { phone_code: '86', phone: unknown, type: 'change_pwd' });
    expect(await codeCount(unknown)).toBe(0);
    await sendCode(request, { phone_code: '86', phone, type: 'change_pwd' });
    const sms_code = await latestCode(phone, { type: 'change_pwd' });
    const mismatch = await request.post('/api/user/change_pwd', {
      data: { phone_code: '86', phone, sms_code, pwd: 'fresh2026', confirm_pwd: 'other2026' },
    });
    expect((await refusal(mismatch)).message).toBe('两次密码不一致');
    const res = await request.post('/api/user/change_pwd', {
      data: { phone_code: '86', phone, sms_code, pwd: 'fresh2026', confirm_pwd: 'fresh2026' },
    });
    expect((await okBody(res)).message).toBe('密码修改成功');
    expect((await refusal(await request.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd } }))).message).toBe(
      '账号或密码错误',
    );
    await okBody(await request.post('/api/auth/login', { data: { account: `86${phone}`, password: 'fresh2026' } }));
  });

  test('change phone: login required, code to the new phone, the user shows the new number', async ({ request }) => {
    expect(
      (
        await refusal(
          await request.post('/api/user/change/phone', { data: { phone_code: '86', phone: uniquePhone(), sms_code: '123456' } }),
        )
      ).message,
    ).toBe('请登录');
    const { phone, pwd } = await registered(request);
    await okBody(await request.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd } }));
    const next = uniquePhone();
    await sendCode(request, { phone_code: '86', phone: next, type: 'change_phone' });
    const sms_code = await latestCode(next, { type: 'change_phone' });
    expect(
      (await okBody(await request.post('/api/user/change/phone', { data: { phone_code: '86', phone: next, sms_code } }))).message,
    ).toBe('手机号修改成功');
    expect((await okBody(await request.get('/api/user'))).data.phone).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
  });

  test('scan login: 201 while waiting, confirmed on a signed-in phone, 200 with a cookie, then used up', async ({ request, baseURL }) => {
    const { phone, pwd } = await registered(request);
    const { data: session } = await okBody(await request.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd } }));
    const bearer = { authorization: `Bearer ${session.token}` };
    const pc = await playwrightRequest.newContext({ baseURL });
    try {
      const issued = await pc.get('/api/pc/login/scan');
      const { data } = await okBody(issued);
      const binding = issued
        .headersArray()
        .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('scan_login_browser='))?.value;
      for (const attr of ['HttpOnly', 'Path=/api/pc/login/scan', 'SameSite=Lax']) expect(binding).toContain(attr);
      expect(data).toMatchObject({ key: expect.any(String), timeout: 300, qrcode: expect.stringMatching(/^data:image\//) });
      expect((await okBody(await pc.post('/api/pc/login/scan/check', { data: { key: data.key } }))).data).toEqual({ status: 201 });
      expect((await refusal(await pc.get(`/api/pc/login/scan/info?key=${data.key}`))).message).toBe('请登录');
      const info = (await okBody(await request.get(`/api/pc/login/scan/info?key=${data.key}`, { headers: bearer }))).data;
      expect(info).toMatchObject({
        status: 'pending',
        expires_at: expect.any(Number),
        requester: {
          browser: expect.any(String),
          os: expect.any(String),
          ip: expect.stringMatching(/^(\d+\.){3}\*$|:\*$/),
          requested_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          seconds_ago: expect.any(Number),
        },
      });
      expect(
        (await okBody(await request.post('/api/pc/login/scan/confirm', { data: { key: data.key, confirm: true }, headers: bearer })))
          .message,
      ).toBe('已确认登录');
      // One answer per key: a second one is refused.
      expect(
        (await refusal(await request.post('/api/pc/login/scan/confirm', { data: { key: data.key, confirm: false }, headers: bearer })))
          .message,
      ).toBe('二维码已失效，请在电脑上刷新后重新扫码');
      // The key alone is not enough: only the browser that asked for it (its HttpOnly cookie) can claim it.
      expect((await okBody(await request.post('/api/pc/login/scan/check', { data: { key: data.key } }))).data.status).toBe(400);
      const done = await pc.post('/api/pc/login/scan/check', { data: { key: data.key } });
      const result = (await okBody(done)).data;
      expect(result.status).toBe(200);
      expect(result.result.user.nickname).toBe(`用户${phone.slice(-4)}`);
      expect(sessionCookieOf(done)).toContain(`${SESSION_COOKIE}=${result.result.token}`);
      expect((await okBody(await pc.get('/api/user'))).data.nickname).toBe(`用户${phone.slice(-4)}`);
      expect((await okBody(await pc.post('/api/pc/login/scan/check', { data: { key: data.key } }))).data.status).toBe(400);

      const refused = (await okBody(await pc.get('/api/pc/login/scan'))).data.key;
      expect(
        (await okBody(await request.post('/api/pc/login/scan/confirm', { data: { key: refused, confirm: false }, headers: bearer })))
          .message,
      ).toBe('已拒绝登录');
      expect((await okBody(await pc.post('/api/pc/login/scan/check', { data: { key: refused } }))).data).toEqual({
        status: 400,
        message: '已拒绝登录',
      });
    } finally {
      await pc.dispose();
    }
  });

  test('code login without a provider, and logout for a visitor', async ({ request }) => {
    expect((await refusal(await request.post('/api/auth/code_login', { data: { code: 'abc' } }))).message).toBe('未配置第三方登录');
    expect((await okBody(await request.post('/api/logout'))).message).toBe('已退出登录');
  });

  test('a cookie-authenticated logout from another site is refused', async ({ request }) => {
    const { phone, pwd } = await registered(request);
    await okBody(await request.post('/api/auth/login', { data: { account: `86${phone}`, password: pwd } }));
    await refusal(await request.post('/api/logout', { headers: { origin: 'https://evil.example' } }), 403);
    await okBody(await request.get('/api/user'));
  });
});
