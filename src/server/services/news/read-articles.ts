import { getCollection } from 'astro:content';
import { assertUniqueIds, toArticle, type NewsArticle } from './article.ts';

/**
 * Every news article from the `news` content collection (built from src/content/news/*.md). The one file of
 * the news services that needs Astro's content layer, so the pure verbs stay testable under Vitest.
 */
export async function readArticles(): Promise<NewsArticle[]> {
  const entries = await getCollection('news');
  const list = entries.map((e) => toArticle(e.id, e.data, e.rendered?.html ?? ''));
  assertUniqueIds(list.map((a) => ({ entry: a.entry, id: a.article_id })));
  return list;
}
