import { describe, expect, it } from 'vitest';
import { ServiceError } from '../server/services/errors.ts';
import { loadPage, toFailure, failure, tabOf } from './result.ts';

describe('page results', () => {
  it('passes the loaded data through', async () => {
    expect(await loadPage(async () => ({ n: 1 }))).toEqual({ ok: true, data: { n: 1 } });
  });

  it('turns a 404 refusal into a 404 failure with the message', async () => {
    const r = await loadPage(async () => {
      throw new ServiceError('not_found', '店铺不存在或已关闭');
    });
    expect(r).toEqual({ ok: false, status: 404, message: '店铺不存在或已关闭' });
  });

  it('makes input that fails validation a 404 with its message (spec: validation fails → This page could not be found)', () => {
    expect(toFailure(new ServiceError('invalid', '页码不能小于1'))).toEqual({
      ok: false,
      status: 404,
      message: '页码不能小于1',
      invalid: true,
    });
  });

  it('makes any other refusal a 400 with its message (rate limits and login-required codes too)', () => {
    expect(toFailure(new ServiceError('rate_limited', '请求过于频繁'))).toEqual({ ok: false, status: 400, message: '请求过于频繁' });
    expect(toFailure(new ServiceError('login_required', '请登录')).status).toBe(400);
    expect(toFailure(new ServiceError('conflict', '已领取')).status).toBe(400);
  });

  it('rethrows faults that are not refusals, so the 500 page shows them', async () => {
    const boom = new Error('db down');
    await expect(
      loadPage(async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(() => toFailure(new ServiceError('internal', '服务器错误'))).toThrow('服务器错误');
    expect(() => toFailure('not an error')).toThrow();
  });

  it('builds a failure decided by the loader itself', () => {
    expect(failure(404)).toEqual({ ok: false, status: 404, message: '' });
  });
});

describe('tabOf', () => {
  const tabs = [{ key: 'product' }, { key: 'merchant' }] as const;
  it('finds the tab named, the first one when none is', () => {
    expect(tabOf(tabs, 'merchant')).toBe(tabs[1]);
    expect(tabOf(tabs, null)).toBe(tabs[0]);
    expect(tabOf(tabs, '')).toBe(tabs[0]);
  });
  it("takes the reference's user-menu index (a whole number naming no tab) as the first tab", () => {
    expect(tabOf(tabs, '3')).toBe(tabs[0]);
    expect(tabOf([{ key: '0' }, { key: '1' }, { key: '2' }], '2')).toEqual({ key: '2' });
  });
  it('names no tab for anything else', () => {
    for (const bad of ['shop', '-1', '1.5', '99999', ' 1']) expect(tabOf(tabs, bad)).toBeUndefined();
  });
});
