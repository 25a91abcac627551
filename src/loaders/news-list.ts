import { loadPage } from './result.ts';
import type { PageInput } from './page.ts';
import { newsAsides } from './parts/news-asides.ts';
import { readArticles } from '../server/services/news/read-articles.ts';
import { listArticles, NEWS_PAGE_SIZE } from '../server/services/news/list-articles.ts';
import { listNewsCategories } from '../server/services/news/list-categories.ts';

/** `/news_list?cid=&page=`: one page of 10 news of a category (cid 0 or none: all); a bad query is a 400, an unknown category a 404. */
export function loadNewsList(page: PageInput) {
  return loadPage(async () => {
    const q = page.url.searchParams;
    const articles = await readArticles();
    const list = listArticles(articles, { cid: q.get('cid') ?? undefined, page: q.get('page') ?? undefined, limit: NEWS_PAGE_SIZE });
    // Valid now: the service accepted them.
    const cid = Number(q.get('cid') || 0);
    return {
      list,
      cid,
      page: Number(q.get('page') || 1),
      limit: NEWS_PAGE_SIZE,
      categories: listNewsCategories(),
      ...(await newsAsides(page, articles)),
    };
  });
}
