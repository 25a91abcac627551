import { getEntry, render } from 'astro:content';
import { loadPage, failure } from './result.ts';
import type { PageInput } from './page.ts';
import { newsAsides } from './parts/news-asides.ts';
import { readArticles } from '../server/services/news/read-articles.ts';
import { getArticle } from '../server/services/news/get-article.ts';
import { getAdjacentArticles } from '../server/services/news/get-adjacent.ts';
import { cachedSiteConfig } from '../server/services/site/load-shell.ts';
import { parseId } from '../shared/routes.ts';

/** `/news_detail/{id}`: the news article, its rendered Markdown, the articles either side. A bad or unknown id is a 404. */
export async function loadNewsDetail(page: PageInput) {
  const id = parseId(page.params?.id);
  const articles = await readArticles();
  const found = id === null ? undefined : articles.find((a) => a.article_id === id);
  const entry = found && (await getEntry('news', found.entry));
  if (id === null || !found || !entry) return failure(404);
  return loadPage(async () => {
    const article = getArticle(articles, { id });
    const [{ Content }, site, side] = await Promise.all([
      render(entry),
      cachedSiteConfig(page.locals.ctx).catch(() => null),
      newsAsides(page, articles),
    ]);
    return { article, adjacent: getAdjacentArticles(articles, { id }), Content, site, ...side };
  });
}
