import { describe, it, expect } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { checkCaptcha } from '../../auth/captcha.ts';
import { getCaptcha } from './get-captcha.ts';

describe('getCaptcha (GET /api/captcha)', () => {
  it('gives the image and key, without the answer outside test mode', async () => {
    const db = await createTestDatabase();
    const c = await getCaptcha(visitorFrom(db));
    expect(Object.keys(c).sort()).toEqual(['captcha', 'key']);
    expect(c.captcha).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
    expect(c.key.length).toBeGreaterThanOrEqual(32);
  });

  it('includes an answer that works in test mode', async () => {
    const db = await createTestDatabase();
    const c = await getCaptcha(visitorFrom(db), { exposeCode: true }, at(0));
    expect(c.code).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(await checkCaptcha(db.db, c.key, c.code, at(1))).toBe(true);
  });

  it('gives one address at most 300 an hour', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    for (let i = 0; i < 300; i++) await getCaptcha(ctx, {}, at(i));
    await expect(getCaptcha(ctx, {}, at(400))).rejects.toMatchObject({ status: 429, message: '请求过于频繁，请稍后再试' });
    await expect(getCaptcha(visitorFrom(db), {}, at(400))).resolves.toBeTruthy();
    await expect(getCaptcha(ctx, {}, at(3601))).resolves.toBeTruthy();
  });
});
