import { z } from 'astro/zod';
import { numberOrDefault } from '../../../shared/schemas/common.ts';
import type { QueryInput } from '../../../shared/schemas/catalogue.ts';
import { parseInput, type Page } from '../input.ts';
import { newestFirst, toListItem, type ArticleListItem, type NewsArticle } from './article.ts';

const latestQuery = z.object({
  limit: z.preprocess(
    numberOrDefault(5),
    z.coerce.number({ error: '每页数量必须是数字' }).int('每页数量必须是整数').min(1, '每页数量不能小于1').max(20, '每页数量不能大于20'),
  ),
});

/**
 * `GET /api/article/list?limit` ("最新资讯", default 5, at most 20): the recommended articles first, then the
 * newest of the rest, each group newest first.
 */
export function listLatestArticles(articles: readonly NewsArticle[], input: QueryInput<typeof latestQuery> = {}): Page<ArticleListItem> {
  const { limit } = parseInput(latestQuery, input);
  const sorted = newestFirst(articles);
  const list = [...sorted.filter((a) => a.recommend), ...sorted.filter((a) => !a.recommend)].slice(0, limit).map(toListItem);
  return { count: list.length, list };
}
