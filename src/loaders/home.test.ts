import { describe, it, expect } from 'vitest';
import { createTestDatabase, visitorContext } from '../../tests/helpers/test-db.ts';
import { groupData } from '../server/db/schema/index.ts';
import { invalidateCatalogue, CACHE_KEYS } from '../server/services/cache.ts';
import { loadHomePage, PLAZA_LIMIT } from './home.ts';
import { HOME_BANNERS, HOME_TABS } from '../server/services/site/home-defaults.ts';

describe('loadHomePage', () => {
  it('loads every home section from the seeded mall', async () => {
    const db = await createTestDatabase();
    const home = await loadHomePage(visitorContext(db), 1);
    expect(home.categories.length).toBeGreaterThan(0);
    expect(home.session?.pc_status).toBe(1); // the seed's sessions cover every hour
    expect(home.seckill.length).toBeGreaterThan(0);
    expect(home.seckill.every((p) => p.seckill_time_id === home.session!.seckill_time_id)).toBe(true);
    expect(home.best).toHaveLength(4);
    expect(home.newest).toHaveLength(5);
    expect(home.good).toHaveLength(5);
    expect(home.hot).toHaveLength(3);
    expect(home.coupons.length).toBeGreaterThan(0);
    expect(home.coupons.every((c) => Array.isArray(c.ProductLst))).toBe(true);
    expect(home.merchants).toHaveLength(2);
    expect(home.merchants.every((s) => s.is_best === 1)).toBe(true);
    expect(home.plaza.list).toHaveLength(PLAZA_LIMIT);
    expect(home.plaza.count).toBe(home.categories.length);
  });

  it('renders more plaza pages when asked (the no-JS "more" link)', async () => {
    const db = await createTestDatabase();
    const home = await loadHomePage(visitorContext(db), 2);
    expect(home.plaza.list).toHaveLength(Math.min(2 * PLAZA_LIMIT, home.categories.length));
  });

  it('falls back to built-in tabs and banners only while the operator configured none', async () => {
    const db = await createTestDatabase();
    expect((await loadHomePage(visitorContext(db), 1)).tabs).toEqual(HOME_TABS);
    await db.db.insert(groupData).values([
      { groupKey: 'pc_home_tab', value: { label: '双十二', link: '/goods_list?type=hot' }, sort: 1 },
      { groupKey: 'pc_home_banner', value: { image: '/b1.png', link: '/goods_seckill', alt: '秒杀' }, sort: 1 },
      { groupKey: 'pc_home_banner', value: { image: '', link: '/x' }, sort: 0 },
    ]);
    // Home settings are cached with the shell's (30 s): an operator's write drops them.
    invalidateCatalogue(db.db, CACHE_KEYS.shell);
    const home = await loadHomePage(visitorContext(db), 1);
    expect(home.tabs).toEqual([{ label: '双十二', link: '/goods_list?type=hot' }]);
    expect(home.banners).toEqual([{ image: '/b1.png', link: '/goods_seckill', alt: '秒杀' }]);
    expect(HOME_BANNERS.length).toBeGreaterThan(1);
  });
});
