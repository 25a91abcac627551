import { z } from 'astro/zod';
import { numberOrDefault } from '../../../shared/schemas/common.ts';
import { paged, type QueryInput } from '../../../shared/schemas/catalogue.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { newestFirst, toListItem, type ArticleListItem, type NewsArticle } from './article.ts';
import { categoryById } from './categories.ts';
import { newsText } from './messages.ts';

/** The list page and `/api/article/lst/{cid}` show 10 articles a page. */
export const NEWS_PAGE_SIZE = 10;

/** `cid` 0 (or missing) is every category. */
export const cidField = z.preprocess(
  numberOrDefault(0),
  z.coerce
    .number({ error: newsText.badCategory })
    .int(newsText.badCategory)
    .min(0, newsText.badCategory)
    .max(2147483647, newsText.badCategory),
);

export const articleListQuery = z.object({ cid: cidField, ...paged(NEWS_PAGE_SIZE) });

/**
 * `GET /api/article/lst/{cid}?page&limit`: the articles of one category (cid 0: all), newest first, as
 * `{count, list}`. A page past the end is an empty list with the real count; an unknown category is a 404.
 */
export function listArticles(articles: readonly NewsArticle[], input: QueryInput<typeof articleListQuery>): Page<ArticleListItem> {
  const q = parseInput(articleListQuery, input);
  if (q.cid !== 0 && !categoryById(q.cid)) throw notFound(newsText.unknownCategory);
  const matching = newestFirst(q.cid === 0 ? articles : articles.filter((a) => a.cid === q.cid));
  const start = offsetOf(q.page, q.limit);
  return { count: matching.length, list: matching.slice(start, start + q.limit).map(toListItem) };
}
