import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertUniqueIds, newsFrontMatter } from './article.ts';
import { CATEGORY_TITLES } from './categories.ts';

const DIR = join(process.cwd(), 'src/content/news');

/** The front matter of a Markdown file as `key: value` strings (the articles use only flat scalar fields). */
function frontMatter(file: string): Record<string, string> {
  const text = readFileSync(join(DIR, file), 'utf8');
  const block = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
  if (!block) throw new Error(`${file}: no front matter`);
  return Object.fromEntries(
    block
      .split('\n')
      .map((l) => /^(\w+):\s*(.*)$/.exec(l))
      .filter((m) => !!m)
      .map((m) => [m[1]!, m[2]!.replace(/^(['"])(.*)\1$/, '$2')]),
  );
}

describe('article ids', () => {
  it('refuses two articles with the same id, naming both files', () => {
    expect(() =>
      assertUniqueIds([
        { entry: 'a', id: 1 },
        { entry: 'b', id: 2 },
      ]),
    ).not.toThrow();
    expect(() =>
      assertUniqueIds([
        { entry: 'a', id: 1 },
        { entry: 'b', id: 2 },
        { entry: 'c', id: 1 },
      ]),
    ).toThrow(/id 重复：1（a\.md 与 c\.md）/);
  });

  it('are unique across the articles in src/content/news', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(12);
    const list = files.map((f) => ({ entry: f.replace(/\.md$/, ''), id: Number(frontMatter(f).id) }));
    for (const { entry, id } of list) expect(Number.isInteger(id) && id > 0, entry).toBe(true);
    expect(() => assertUniqueIds(list)).not.toThrow();
  });

  it('every article names a known category and has a title, synopsis and date', () => {
    for (const f of readdirSync(DIR).filter((x) => x.endsWith('.md'))) {
      const fm = frontMatter(f);
      const r = newsFrontMatter.safeParse({
        ...fm,
        id: Number(fm.id),
        recommend: fm.recommend === undefined ? undefined : fm.recommend === 'true',
      });
      expect(r.success, `${f}: ${r.error?.issues.map((i) => `${String(i.path[0])} ${i.message}`).join('; ')}`).toBe(true);
      expect(CATEGORY_TITLES).toContain(fm.category);
    }
  });
});

describe('front matter schema', () => {
  const valid = { id: 1, title: '标题', synopsis: '摘要', category: '平台公告', create_time: '2026-11-20T10:00:00+08:00' };
  it('accepts a minimal article and defaults recommend to false', () => {
    expect(newsFrontMatter.parse(valid)).toMatchObject({ id: 1, recommend: false, create_time: new Date('2026-11-20T02:00:00Z') });
  });

  it('refuses an unknown category, a bad id and an off-site image with a clear message', () => {
    expect(newsFrontMatter.safeParse({ ...valid, category: '娱乐八卦' }).error?.issues[0]?.message).toMatch(
      /^分类必须是以下之一：平台公告、/,
    );
    expect(newsFrontMatter.safeParse({ ...valid, id: 0 }).success).toBe(false);
    expect(newsFrontMatter.safeParse({ ...valid, id: 1.5 }).success).toBe(false);
    expect(newsFrontMatter.safeParse({ ...valid, image: 'https://example.com/a.png' }).success).toBe(false);
    expect(newsFrontMatter.safeParse({ ...valid, image: '//example.com/a.png' }).success).toBe(false);
    expect(newsFrontMatter.safeParse({ ...valid, image: '/news/a.svg' }).success).toBe(true);
  });
});
