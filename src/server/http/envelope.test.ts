import { describe, it, expect, vi } from 'vitest';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { errorResponse, fail, NOT_UTF8, readBody } from './envelope.ts';
import { ServiceError, SERVICE_ERRORS, type ServiceErrorCode } from '../services/errors.ts';
import { requireUser } from '../services/context.ts';
import { parseInput } from '../services/input.ts';
import { POST as loginRoute } from '../../pages/api/auth/login.ts';

const answer = async (res: Response) => ({ http: res.status, body: await res.json() });

describe('error envelopes', () => {
  it("a ServiceError answers its code's envelope and HTTP status with its message and data", async () => {
    const seen: Record<string, [number, number]> = {};
    for (const code of Object.keys(SERVICE_ERRORS) as ServiceErrorCode[]) {
      const { http, body } = await answer(errorResponse(new ServiceError(code, '说明')));
      expect(body.message).toBe('说明');
      seen[code] = [body.status, http];
    }
    expect(seen).toEqual({
      invalid: [400, 400],
      refused: [400, 400],
      login_required: [400, 400],
      token_invalid: [40000, 401],
      unauthorized: [401, 401],
      forbidden: [403, 403],
      not_found: [404, 404],
      conflict: [409, 409],
      too_large: [413, 413],
      unsupported_type: [415, 415],
      not_acceptable: [406, 406],
      rate_limited: [429, 429],
      unavailable: [500, 500],
      internal: [500, 500],
    });
    expect(await answer(errorResponse(new ServiceError('refused', '请输入验证码', { need_captcha: true })))).toEqual({
      http: 400,
      body: { status: 400, message: '请输入验证码', data: { need_captcha: true } },
    });
  });

  it("a visitor calling a signed-in verb gets the spec's 400 + 请登录", async () => {
    const err = (() => {
      try {
        requireUser({ db: undefined as never, user: null });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toMatchObject({ code: 'login_required', status: 400 });
    expect(await answer(errorResponse(err))).toEqual({ http: 400, body: { status: 400, message: '请登录' } });
  });

  it("the middleware's refusals go out by code (the app code 40000 as HTTP 401)", async () => {
    expect(await answer(fail('forbidden', '非法的跨站请求'))).toEqual({ http: 403, body: { status: 403, message: '非法的跨站请求' } });
    expect(await answer(fail('not_found', '接口不存在'))).toEqual({ http: 404, body: { status: 404, message: '接口不存在' } });
    expect(await answer(fail('token_invalid', '无效的 token'))).toEqual({ http: 401, body: { status: 40000, message: '无效的 token' } });
  });

  it('a full disk is a 503 without internals, whether PostgreSQL or the file system says so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const busy = { http: 503, body: { status: 503, message: '服务器繁忙，请稍后再试' } };
    expect(await answer(errorResponse(Object.assign(new Error('could not extend file "base/5/16384"'), { code: '53100' })))).toEqual(busy);
    expect(
      await answer(
        errorResponse(
          new Error('write failed', { cause: Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }) }),
        ),
      ),
    ).toEqual(busy);
    expect(await answer(errorResponse(new Error('No space left on device')))).toEqual(busy);
    log.mockRestore();
  });

  it('an unexpected error is a logged 500 without its details', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await answer(errorResponse(new Error('secret table name')))).toEqual({
      http: 500,
      body: { status: 500, message: '服务器开小差了，请稍后再试' },
    });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('deeply nested bodies', () => {
  // ~60 KB: under the 64 KiB body limit, and far deeper than any body a client sends.
  const deep = `{"account":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  const post = (body: string) =>
    new Request('http://mall.test/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('are a 400 (请求格式不正确), never a stack overflow', async () => {
    expect(deep.length).toBeLessThan(64 * 1024);
    await expect(readBody(post(deep), z.unknown())).rejects.toMatchObject({ code: 'invalid', message: '请求格式不正确' });
    await expect(readBody(post(`{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`), z.unknown())).rejects.toMatchObject({
      code: 'invalid',
      message: '请求格式不正确',
    });
    expect(() => parseInput(z.unknown(), JSON.parse(deep))).toThrow(expect.objectContaining({ message: '请求格式不正确' }));
  });

  it('POST /api/auth/login answers one with a 400 envelope', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await loginRoute({ request: post(deep), locals: { ctx: { db: undefined, user: null } } } as unknown as APIContext);
    expect(await answer(res)).toEqual({ http: 400, body: { status: 400, message: '请求格式不正确' } });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('a body nested as deep as a real one still reads, and NUL and lone surrogates are refused', async () => {
    const nested = { a: [{ b: { c: [[['x']]] } }] };
    expect(await readBody(post(JSON.stringify(nested)), z.unknown())).toEqual(nested);
    const sixtyFour = `${'['.repeat(64)}${']'.repeat(64)}`;
    expect(await readBody(post(sixtyFour), z.unknown())).toEqual(JSON.parse(sixtyFour));
    await expect(readBody(post(`[${sixtyFour}]`), z.unknown())).rejects.toMatchObject({ message: '请求格式不正确' });
    await expect(readBody(post(JSON.stringify({ a: [{ 'k\u0000': 1 }] })), z.unknown())).rejects.toMatchObject({ message: '参数错误' });
    await expect(readBody(post(JSON.stringify({ a: ['x\u0000'] })), z.unknown())).rejects.toMatchObject({ message: '参数错误' });
    // A lone surrogate (a JSON escape can spell one) is no more storable than NUL: refused, in a value or a key.
    await expect(readBody(post('{"a":"中\\udfffabc"}'), z.unknown())).rejects.toMatchObject({ message: '参数错误' });
    await expect(readBody(post('{"\\ud800":1}'), z.unknown())).rejects.toMatchObject({ message: '参数错误' });
    expect(await readBody(post('{"a":"\\ud83d\\ude00"}'), z.unknown())).toEqual({ a: '😀' });
  });
});

describe('messages of schemas built on bare zod', () => {
  it('come out of readBody and parseInput in Chinese (zod is set to Chinese for the whole process)', async () => {
    const schema = z.object({ name: z.string().max(3) });
    const req = (body: unknown) =>
      new Request('http://mall.test/api/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const bad of [{}, { name: null }, { name: 'abcd' }]) {
      const thrown = await readBody(req(bad), schema).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(ServiceError);
      expect((thrown as ServiceError).message).toMatch(/[\u4e00-\u9fff]/);
      expect(() => parseInput(schema, bad)).toThrow(expect.objectContaining({ message: expect.stringMatching(/[\u4e00-\u9fff]/) }));
    }
  });
});

describe('bodies that are not UTF-8', () => {
  const post = (bytes: Uint8Array) =>
    new Request('http://mall.test/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  // A Latin-1 "é", a stray continuation byte, an overlong "/", a truncated "中": decoding put U+FFFD in their place.
  const broken = ['{"a":"caf\xe9"}', '{"a":"\x80"}', '{"a":"\xc0\xaf"}', '{"a":"\xe4\xb8"}'].map((s) => Buffer.from(s, 'latin1'));

  it('are a 400 with a message saying so, never stored with U+FFFD in place of the bytes', async () => {
    for (const bytes of broken) {
      await expect(readBody(post(bytes), z.unknown()), bytes.toString('hex')).rejects.toMatchObject({
        code: 'invalid',
        message: NOT_UTF8,
      });
    }
  });

  it('POST /api/auth/login answers one with a 400 envelope naming the encoding', async () => {
    const body = Buffer.from('{"account":"13800138000","password":"p\xe4ss1234"}', 'latin1');
    const res = await loginRoute({ request: post(body), locals: { ctx: { db: undefined, user: null } } } as unknown as APIContext);
    expect(await answer(res)).toEqual({ http: 400, body: { status: 400, message: NOT_UTF8 } });
  });

  it('UTF-8 text of any script still reads, also after a byte-order mark', async () => {
    const text = { a: '中文 café 🛒', b: ['ä'] };
    expect(await readBody(post(Buffer.from(JSON.stringify(text))), z.unknown())).toEqual(text);
    expect(await readBody(post(Buffer.from(`\ufeff${JSON.stringify(text)}`)), z.unknown())).toEqual(text);
  });
});
