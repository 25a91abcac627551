import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import { systemConfig } from '../db/schema/index.ts';
import { siteOrigin } from './site-origin.ts';
import { invalidateCatalogue, CACHE_KEYS } from '../services/cache.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterEach(() => vi.unstubAllEnvs());

const request = new URL('http://10.0.0.5:4321/robots.txt?x=1');
/** An operator's settings change: the write, then the cache hook every settings writer calls. */
async function setSiteUrl(value: string): Promise<void> {
  await db.db.update(systemConfig).set({ value }).where(eq(systemConfig.key, 'site_url'));
  invalidateCatalogue(db.db, CACHE_KEYS.shell);
}

describe('siteOrigin', () => {
  it("prefers the operator's site_url, without a trailing slash", async () => {
    await setSiteUrl('https://mall.example.com/');
    vi.stubEnv('SITE_URL', 'https://env.example.com');
    expect(await siteOrigin(visitorContext(db), request)).toBe('https://mall.example.com');
  });

  it('falls back to SITE_URL, then to the origin of the request', async () => {
    await setSiteUrl('');
    vi.stubEnv('SITE_URL', 'https://env.example.com/');
    expect(await siteOrigin(visitorContext(db), request)).toBe('https://env.example.com');
    vi.stubEnv('SITE_URL', 'not a url');
    await setSiteUrl('javascript:alert(1)');
    expect(await siteOrigin(visitorContext(db), request)).toBe('http://10.0.0.5:4321');
  });
});
