import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { groupData } from '../../db/schema/index.ts';
import { getHome } from './get-home.ts';
import { HOME_BANNERS, HOME_TABS } from './home-defaults.ts';

describe('getHome (GET /api/pc/home)', () => {
  it('gives the seeded top banner with its image and group id', async () => {
    const db = await createTestDatabase();
    const home = await getHome(visitorContext(db));
    expect(home.pc_top_banner).toEqual({
      image: '/images/top-banner.svg',
      link: '',
      alt: '双十二年终盛典 领券跨店满300减40',
      group_data_id: 1,
    });
  });

  it('has no top banner once the operator disables it', async () => {
    const db = await createTestDatabase();
    await db.db.update(groupData).set({ status: false }).where(eq(groupData.groupDataId, 1));
    expect((await getHome(visitorContext(db))).pc_top_banner).toBeNull();
  });

  it('shows the enabled top banner with the highest sort', async () => {
    const db = await createTestDatabase();
    await db.db.insert(groupData).values([
      { groupKey: 'pc_top_banner', value: { image: '/b-high.png', link: '/goods_list' }, sort: 50 },
      { groupKey: 'pc_top_banner', value: { image: '/b-higher-off.png' }, sort: 99, status: false },
    ]);
    const top = (await getHome(visitorContext(db))).pc_top_banner;
    expect(top).toMatchObject({ image: '/b-high.png', link: '/goods_list', alt: '' });
    expect(top?.group_data_id).toBeGreaterThan(1);
  });

  it('lists enabled home banners and tabs in sort order, with missing fields as empty strings', async () => {
    const db = await createTestDatabase();
    await db.db.insert(groupData).values([
      { groupKey: 'pc_home_banner', value: { image: '/h2.png', link: '/goods_seckill', alt: '秒杀' }, sort: 1 },
      { groupKey: 'pc_home_banner', value: { image: '/h1.png' }, sort: 9 },
      { groupKey: 'pc_home_banner', value: { image: '/off.png' }, sort: 5, status: false },
      { groupKey: 'pc_home_tab', value: { label: '领券中心', link: '/coupon_center' }, sort: 1 },
      { groupKey: 'other_group', value: { image: '/not-home.png' }, sort: 100 },
    ]);
    const home = await getHome(visitorContext(db));
    expect(home.pc_home_banner).toEqual([
      { image: '/h1.png', link: '', alt: '' },
      { image: '/h2.png', link: '/goods_seckill', alt: '秒杀' },
    ]);
    expect(home.pc_home_tab).toEqual([{ label: '领券中心', link: '/coupon_center' }]);
    expect(JSON.stringify(home)).not.toContain('/not-home.png');
  });

  it('answers the built-in tabs and banners the home page shows while the operator configured none', async () => {
    const db = await createTestDatabase();
    const home = await getHome(visitorContext(db));
    expect(home.pc_home_tab).toEqual(HOME_TABS);
    expect(home.pc_home_banner).toEqual(HOME_BANNERS);
    expect(home.pc_home_banner.length).toBeGreaterThan(1);
    expect(home.pc_home_banner.every((b) => b.image.startsWith('/images/home/'))).toBe(true);
    // A banner without a picture is no banner: the built-in ones stay.
    await db.db.insert(groupData).values({ groupKey: 'pc_home_banner', value: { image: '', link: '/x' }, sort: 1 });
    expect((await getHome(visitorContext(db))).pc_home_banner).toEqual(HOME_BANNERS);
  });
});
