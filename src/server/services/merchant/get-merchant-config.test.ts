import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { merchant } from '../../db/schema/index.ts';
import { getMerchantConfig } from './get-merchant-config.ts';

describe('getMerchantConfig (GET /api/pc/mer_config/{id})', () => {
  it('gives the carousel slides as {img} objects in the shop order', async () => {
    const db = await createTestDatabase();
    await db.db
      .update(merchant)
      .set({ banners: ['/s1.png', '/s2.png'] })
      .where(eq(merchant.merId, 1));
    const cfg = await getMerchantConfig(visitorContext(db), { id: 1 });
    expect(cfg.banner).toEqual([{ img: '/s1.png' }, { img: '/s2.png' }]);
    expect(typeof cfg.top_banner).toBe('string');
  });

  it('is a 404 for an unknown shop', async () => {
    const db = await createTestDatabase();
    await expect(getMerchantConfig(visitorContext(db), { id: 99999 })).rejects.toMatchObject({ status: 404 });
  });
});
