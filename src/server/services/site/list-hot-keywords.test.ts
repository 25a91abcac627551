import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { hotKeyword } from '../../db/schema/index.ts';
import { listHotKeywords } from './list-hot-keywords.ts';

describe('listHotKeywords (GET /api/common/hot_keyword)', () => {
  it('lists the seeded keywords, most important first', async () => {
    const db = await createTestDatabase();
    expect(await listHotKeywords(visitorContext(db))).toEqual(
      ['手机', '连衣裙', '零食', '口红', '笔记本电脑', '运动鞋', '茶叶', '四件套'].map((keyword) => ({ keyword })),
    );
  });

  it('hides disabled keywords and puts a promoted one first', async () => {
    const db = await createTestDatabase();
    await db.db.update(hotKeyword).set({ status: false }).where(eq(hotKeyword.keyword, '手机'));
    await db.db.insert(hotKeyword).values({ keyword: '年货', sort: 1000 });
    const words = (await listHotKeywords(visitorContext(db))).map((k) => k.keyword);
    expect(words[0]).toBe('年货');
    expect(words).not.toContain('手机');
    expect(words).toContain('连衣裙');
  });

  it('shows at most 20 keywords', async () => {
    const db = await createTestDatabase();
    await db.db.insert(hotKeyword).values(Array.from({ length: 30 }, (_, i) => ({ keyword: `词${i}`, sort: i })));
    expect(await listHotKeywords(visitorContext(db))).toHaveLength(20);
  });
});
