import { describe, it, expect } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { at } from '../../../tests/helpers/auth.ts';
import { captcha } from '../db/schema/index.ts';
import { checkCaptcha, createCaptcha } from './captcha.ts';

describe('image captcha', () => {
  it('is a 4-character SVG image as a data URL, different every time', async () => {
    const { db } = await createTestDatabase();
    const a = await createCaptcha(db, at(0));
    const b = await createCaptcha(db, at(0));
    expect(a.code).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(a.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(a.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(b.key).not.toBe(a.key);
  });

  it('accepts the answer in any case, once', async () => {
    const { db } = await createTestDatabase();
    const c = await createCaptcha(db, at(0));
    const flipped = [...c.code].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');
    expect(await checkCaptcha(db, c.key, ` ${flipped} `, at(10))).toBe(true);
    expect(await checkCaptcha(db, c.key, c.code, at(11))).toBe(false);
  });

  it('is used up by a wrong answer, so it cannot be guessed at', async () => {
    const { db } = await createTestDatabase();
    const c = await createCaptcha(db, at(0));
    expect(await checkCaptcha(db, c.key, 'zzzz', at(1))).toBe(false);
    expect(await checkCaptcha(db, c.key, c.code, at(2))).toBe(false);
  });

  it('expires after 5 minutes', async () => {
    const { db } = await createTestDatabase();
    const c = await createCaptcha(db, at(0));
    expect(await checkCaptcha(db, c.key, c.code, at(300))).toBe(false);
    const d = await createCaptcha(db, at(0));
    expect(await checkCaptcha(db, d.key, d.code, at(299))).toBe(true);
  });

  it.each([
    [undefined, 'abcd'],
    ['', 'abcd'],
    ['k', undefined],
    ['no-such-key', 'abcd'],
    ['x'.repeat(65), 'abcd'],
  ])('refuses key %j with answer %j', async (key, code) => {
    const { db } = await createTestDatabase();
    expect(await checkCaptcha(db, key, code, at(0))).toBe(false);
  });

  it('stores neither the key nor the answer', async () => {
    const { db } = await createTestDatabase();
    const c = await createCaptcha(db, at(0));
    const rows = JSON.stringify(await db.select().from(captcha));
    expect(rows).not.toContain(c.key);
    expect(rows.toLowerCase()).not.toContain(`"${c.code.toLowerCase()}"`);
  });
});
