import { newestFirst, type NewsArticle } from './article.ts';
import { findArticle } from './get-article.ts';

export interface ArticleLink {
  article_id: number;
  title: string;
}

/**
 * The articles either side of one in publication order (all categories): `prev` was published just before
 * it (上一篇), `next` just after (下一篇); null at either end. Same 400 / 404 rules as the detail.
 */
export function getAdjacentArticles(
  articles: readonly NewsArticle[],
  input: { id?: unknown },
): { prev: ArticleLink | null; next: ArticleLink | null } {
  const a = findArticle(articles, input);
  const order = newestFirst(articles);
  const i = order.findIndex((x) => x.article_id === a.article_id);
  const link = (x: NewsArticle | undefined) => (x ? { article_id: x.article_id, title: x.title } : null);
  return { prev: link(order[i + 1]), next: link(order[i - 1]) };
}
