import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutboxProvider } from './outbox.ts';
import { createHttpProvider, SMS_FAILED } from './http.ts';

const message = { phone: '13800138000', phone_code: '86', type: 'login' as const, code: '123456' };
const notice = { phone: '13800138000', phone_code: '86', type: 'register_notice' as const, text: '您已注册，可直接登录或找回密码' };

describe('outbox SMS provider', () => {
  it('appends one JSON line per message, creating the folder, and logs it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sms-')), 'nested', 'outbox.jsonl');
    const logged: string[] = [];
    const p = createOutboxProvider(path, (l) => logged.push(l));
    await p.send(message);
    await p.send({ ...message, code: '654321', type: 'register' });
    const lines = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0])).toEqual(['phone', 'phone_code', 'type', 'code', 'at']);
    expect(lines[1]).toMatchObject({ phone: '13800138000', phone_code: '86', type: 'register', code: '654321' });
    expect(Date.parse(lines[0].at)).not.toBeNaN();
    expect(logged[0]).toContain('123456');
  });

  it('writes a notice with its text in place of a code', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sms-')), 'outbox.jsonl');
    await createOutboxProvider(path, () => {}).send(notice);
    const line = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(line)).toEqual(['phone', 'phone_code', 'type', 'text', 'at']);
    expect(line).toMatchObject({ type: 'register_notice', text: notice.text });
  });
});

describe('HTTP gateway SMS provider', () => {
  function gateway(status: number) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(status === 204 ? null : '{}', { status });
    }) as unknown as typeof globalThis.fetch;
    return { calls, fetch };
  }

  it('POSTs the message as JSON with the template and a bearer token', async () => {
    const g = gateway(200);
    await createHttpProvider({ url: 'https://sms.example/send', token: 's3cret', template: 'verify_code', fetch: g.fetch }).send(message);
    expect(g.calls).toHaveLength(1);
    const { url, init } = g.calls[0]!;
    expect(url).toBe('https://sms.example/send');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer s3cret' });
    expect(JSON.parse(String(init.body))).toEqual({ ...message, template: 'verify_code' });
  });

  it('POSTs a notice with its text and the notice template', async () => {
    const g = gateway(200);
    await createHttpProvider({ url: 'https://sms.example/send', template: 'verify_code', noticeTemplate: 'reg_n', fetch: g.fetch }).send(
      notice,
    );
    expect(JSON.parse(String(g.calls[0]!.init.body))).toEqual({ ...notice, template: 'reg_n' });
    await createHttpProvider({ url: 'https://sms.example/send', template: 'verify_code', fetch: g.fetch }).send(notice);
    expect(JSON.parse(String(g.calls[1]!.init.body)).template).toBe('register_notice');
    // Other notices go under their own type as the template.
    const moved = { ...notice, type: 'phone_changed' as const, text: '您的账号绑定手机号已改为 139****0000。' };
    await createHttpProvider({ url: 'https://sms.example/send', template: 'verify_code', noticeTemplate: 'reg_n', fetch: g.fetch }).send(
      moved,
    );
    expect(JSON.parse(String(g.calls[2]!.init.body))).toEqual({ ...moved, template: 'phone_changed' });
  });

  it('sends no Authorization header without a token', async () => {
    const g = gateway(204);
    await createHttpProvider({ url: 'https://sms.example/send', template: 't', fetch: g.fetch }).send(message);
    expect(Object.keys(g.calls[0]!.init.headers as object)).not.toContain('authorization');
  });

  it.each([400, 500, 503])('fails with a clear message when the gateway answers %i', async (status) => {
    const p = createHttpProvider({ url: 'https://sms.example/send', template: 't', fetch: gateway(status).fetch });
    await expect(p.send(message)).rejects.toMatchObject({ message: SMS_FAILED });
  });

  it('fails with the same message when the gateway is unreachable', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    await expect(createHttpProvider({ url: 'https://sms.example', template: 't', fetch }).send(message)).rejects.toMatchObject({
      message: SMS_FAILED,
    });
  });

  it('refuses to start without a gateway URL', () => {
    expect(() => createHttpProvider({ url: '', template: 't' })).toThrow(/SMS_GATEWAY_URL/);
  });
});
