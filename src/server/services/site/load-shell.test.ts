import { describe, it, expect, vi } from 'vitest';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { DEFAULT_LOCALE } from '../../../shared/locale.ts';
import { loadShell } from './load-shell.ts';

describe('loadShell (data of the page shell)', () => {
  it('gives a visitor the site settings, top banner, hot keywords, an empty cart and the ship-to country name', async () => {
    const db = await createTestDatabase();
    const shell = await loadShell(visitorContext(db), DEFAULT_LOCALE);
    expect(shell.site?.site_name).toBe('Mallfront 商城');
    expect(shell.topBanner?.group_data_id).toBe(1);
    expect(shell.hotKeywords[0]).toBe('手机');
    expect(shell.cartCount).toBe(0);
    expect(shell.countryName).toBe('中国');
  });

  it("counts the signed-in member's cart", async () => {
    const db = await createTestDatabase();
    expect((await loadShell(await userContext(db, 1), DEFAULT_LOCALE)).cartCount).toBe(3);
    expect((await loadShell(await userContext(db, 2), DEFAULT_LOCALE)).cartCount).toBe(0);
  });

  it('names the chosen ship-to country, and falls back to its code when unknown', async () => {
    const db = await createTestDatabase();
    expect((await loadShell(visitorContext(db), { country: 'US', currency: 'USD', symbol: '$' })).countryName).toBe('美国');
    expect((await loadShell(visitorContext(db), { country: 'ZZ', currency: 'USD', symbol: '$' })).countryName).toBe('ZZ');
  });

  it('degrades to an empty shell instead of failing the page when the database is unavailable', async () => {
    const db = await createTestDatabase();
    await db.close();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await loadShell(visitorContext(db), DEFAULT_LOCALE)).toEqual({
        site: null,
        topBanner: null,
        hotKeywords: [],
        cartCount: 0,
        unread: 0,
        countryName: 'CN',
      });
    } finally {
      quiet.mockRestore();
    }
  });
});
