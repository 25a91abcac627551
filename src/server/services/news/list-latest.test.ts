import { describe, it, expect } from 'vitest';
import { listLatestArticles } from './list-latest.ts';
import { sampleArticles } from './sample-articles.ts';

const articles = sampleArticles();

describe('listLatestArticles', () => {
  it('puts recommended articles first, then the newest others, 5 by default', () => {
    const r = listLatestArticles(articles);
    expect(r.list.map((a) => a.article_id)).toEqual([21, 14, 7, 23, 22]);
    expect(r.count).toBe(5);
    expect(Object.keys(r.list[0]!).sort()).toEqual(['article_id', 'cid', 'create_time', 'image_input', 'synopsis', 'title']);
  });

  it('takes a limit up to 20 and refuses others', () => {
    expect(listLatestArticles(articles, { limit: '2' }).list.map((a) => a.article_id)).toEqual([21, 14]);
    expect(listLatestArticles(articles, { limit: 20 }).count).toBe(20);
    expect(() => listLatestArticles(articles, { limit: '21' })).toThrow(
      expect.objectContaining({ status: 400, message: '每页数量不能大于20' }),
    );
    expect(() => listLatestArticles(articles, { limit: 'x' })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('is empty when there are no articles', () => {
    expect(listLatestArticles([])).toEqual({ count: 0, list: [] });
  });
});
