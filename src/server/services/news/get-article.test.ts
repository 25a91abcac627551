import { describe, it, expect } from 'vitest';
import { getArticle } from './get-article.ts';
import { getAdjacentArticles } from './get-adjacent.ts';
import { listNewsCategories } from './list-categories.ts';
import { sampleArticles } from './sample-articles.ts';

const articles = sampleArticles();

describe('getArticle', () => {
  it('answers one article with its category and rendered content', () => {
    expect(getArticle(articles, { id: '6' })).toEqual({
      article_id: 6,
      cid: 2,
      title: '文章6',
      synopsis: '摘要6',
      image_input: '/news/category-2.svg',
      create_time: '2026-01-06 10:00:00',
      category: { article_category_id: 2, title: '购物指南' },
      content: { article_id: 6, content: '<h2>正文6</h2>' },
    });
  });

  it('is a 400 for a malformed id and a 404 for an unknown one', () => {
    for (const id of ['abc', '0', '-3', '1.5', '', undefined, '99999999999']) {
      expect(() => getArticle(articles, { id }), String(id)).toThrow(expect.objectContaining({ status: 400, message: '文章ID格式不正确' }));
    }
    expect(() => getArticle(articles, { id: '24' })).toThrow(expect.objectContaining({ status: 404, message: '文章不存在' }));
  });
});

describe('getAdjacentArticles', () => {
  it('links the article published before and after, across categories', () => {
    expect(getAdjacentArticles(articles, { id: 10 })).toEqual({
      prev: { article_id: 9, title: '文章9' },
      next: { article_id: 11, title: '文章11' },
    });
  });

  it('has no previous article for the oldest and no next one for the newest', () => {
    expect(getAdjacentArticles(articles, { id: 1 }).prev).toBeNull();
    expect(getAdjacentArticles(articles, { id: 23 }).next).toBeNull();
    expect(() => getAdjacentArticles(articles, { id: 99 })).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('listNewsCategories', () => {
  it('lists the four categories with numeric ids in tab order', () => {
    expect(listNewsCategories()).toEqual([
      { article_category_id: 1, title: '平台公告' },
      { article_category_id: 2, title: '购物指南' },
      { article_category_id: 3, title: '商家动态' },
      { article_category_id: 4, title: '行业资讯' },
    ]);
  });
});
