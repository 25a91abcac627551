import { describe, it, expect } from 'vitest';
import { listArticles } from './list-articles.ts';
import { sampleArticles } from './sample-articles.ts';

const articles = sampleArticles();
const ids = (r: { list: { article_id: number }[] }) => r.list.map((a) => a.article_id);

describe('listArticles', () => {
  it('pages all categories 10 at a time, newest first, with the total count', () => {
    const first = listArticles(articles, {});
    expect(first.count).toBe(23);
    expect(ids(first)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(ids(listArticles(articles, { page: '2' }))).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(ids(listArticles(articles, { page: 3, cid: '0' }))).toEqual([3, 2, 1]);
  });

  it('returns the list fields of the reference, dates in mall time and a cover for articles without one', () => {
    const [item] = listArticles(articles, { cid: 0, limit: 1 }).list;
    expect(item).toEqual({
      article_id: 23,
      cid: 3,
      title: '文章23',
      synopsis: '摘要23',
      image_input: '/news/cover-23.svg',
      create_time: '2026-01-23 10:00:00',
    });
    const [noImage] = listArticles(articles, { page: 2, limit: 1 }).list;
    expect(noImage).toMatchObject({ article_id: 22, cid: 2, image_input: '/news/category-2.svg' });
  });

  it('filters by category and keeps the count of that category', () => {
    const r = listArticles(articles, { cid: '2' });
    expect(r.count).toBe(6);
    expect(ids(r)).toEqual([22, 18, 14, 10, 6, 2]);
    expect(r.list.every((a) => a.cid === 2)).toBe(true);
  });

  it('answers an empty list past the last page, with the real count', () => {
    expect(listArticles(articles, { cid: 1, page: 2 })).toEqual({ count: 6, list: [] });
  });

  it('honours limit and refuses bad paging with a Chinese 400', () => {
    expect(ids(listArticles(articles, { limit: '3', page: '2' }))).toEqual([20, 19, 18]);
    for (const [input, message] of [
      [{ page: '0' }, '页码不能小于1'],
      [{ page: 'abc' }, '页码必须是数字'],
      [{ page: '1.5' }, '页码必须是整数'],
      [{ limit: '101' }, '每页数量不能大于100'],
      [{ limit: '-1' }, '每页数量不能小于1'],
      [{ cid: 'news' }, '文章分类格式不正确'],
      [{ cid: '-2' }, '文章分类格式不正确'],
    ] as const) {
      expect(() => listArticles(articles, input), JSON.stringify(input)).toThrow(expect.objectContaining({ status: 400, message }));
    }
  });

  it('is a 404 for a category that does not exist', () => {
    expect(() => listArticles(articles, { cid: '9' })).toThrow(expect.objectContaining({ status: 404, message: '文章分类不存在' }));
  });
});
