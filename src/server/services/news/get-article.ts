import { z } from 'astro/zod';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { notFound, parseInput } from '../input.ts';
import { toListItem, type ArticleListItem, type NewsArticle } from './article.ts';
import { categoryById, type NewsCategory } from './categories.ts';
import { newsText } from './messages.ts';

export const articleIdQuery = z.object({ id: z.preprocess((v) => (v === undefined || v === '' ? Number.NaN : v), idField('文章ID')) });

/** `GET /api/article/detail/{id}` (reference `/news_detail/{id}`): the rich content is `content.content`. */
export interface ArticleDetail extends ArticleListItem {
  category: NewsCategory;
  content: { article_id: number; content: string };
}

/** Finds an article by id; a malformed id is a 400, an unknown one a 404. */
export function findArticle(articles: readonly NewsArticle[], input: { id?: unknown }): NewsArticle {
  const { id } = parseInput(articleIdQuery, input);
  const found = articles.find((a) => a.article_id === id);
  if (!found) throw notFound(newsText.unknownArticle);
  return found;
}

/** One article with its category and its Markdown rendered to HTML. */
export function getArticle(articles: readonly NewsArticle[], input: { id?: unknown }): ArticleDetail {
  const a = findArticle(articles, input);
  return {
    ...toListItem(a),
    category: categoryById(a.cid) ?? { article_category_id: a.cid, title: a.category },
    content: { article_id: a.article_id, content: a.html },
  };
}
