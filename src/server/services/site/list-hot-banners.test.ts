import { describe, it, expect } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import * as s from '../../db/schema/index.ts';
import { listHotBanners } from './list-hot-banners.ts';
import { HOT_TYPES } from '../../../shared/schemas/catalogue.ts';

describe('listHotBanners', () => {
  it('gives the enabled banners of one list, highest sort first, skipping entries without an image', async () => {
    const database = await createTestDatabase();
    // The operator replaces the demo mall's banners with their own.
    await database.db.delete(s.groupData).where(like(s.groupData.groupKey, 'pc_hot_banner_%'));
    await database.db.insert(s.groupData).values([
      { groupKey: 'pc_hot_banner_hot', value: { image: '/a.svg', link: '/goods_detail/1', alt: '爆款' }, sort: 1 },
      { groupKey: 'pc_hot_banner_hot', value: { image: '/b.svg' }, sort: 9 },
      { groupKey: 'pc_hot_banner_hot', value: { image: '/off.svg' }, sort: 5, status: false },
      { groupKey: 'pc_hot_banner_hot', value: { link: '/x' }, sort: 3 },
      { groupKey: 'pc_hot_banner_new', value: { image: '/n.svg' } },
    ]);
    const ctx = visitorContext(database);
    expect(await listHotBanners(ctx, { type: 'hot' })).toEqual([
      { image: '/b.svg', link: '', alt: '' },
      { image: '/a.svg', link: '/goods_detail/1', alt: '爆款' },
    ]);
    expect(await listHotBanners(ctx, { type: 'best' })).toEqual([]);
    await expect(listHotBanners(ctx, { type: 'x' })).rejects.toMatchObject({ status: 400, message: '榜单类型不正确' });
  });

  it("gives the demo mall's banner of each list: a stored picture leading to a page of the mall", async () => {
    const database = await createTestDatabase();
    const ctx = visitorContext(database);
    for (const type of HOT_TYPES) {
      const banners = await listHotBanners(ctx, { type });
      expect(banners, type).toHaveLength(1);
      const [b] = banners;
      const [pic] = await database.db
        .select()
        .from(s.media)
        .where(eq(s.media.mediaId, b!.image.replace(/^\/media\/|\.svg$/g, '')));
      expect(pic?.mime, type).toBe('image/svg+xml');
      expect(b!.link).toMatch(/^\/[a-z_]+$/);
      expect(b!.alt).not.toBe('');
    }
  });
});
