import { listLatestArticles } from '../../server/services/news/list-latest.ts';
import type { NewsArticle } from '../../server/services/news/article.ts';
import { listRecommend } from '../../server/services/catalogue/list-recommend.ts';
import { pageBasics, type PageInput } from '../page.ts';

/** What both news pages show beside the article(s): "最新资讯", "为你推荐", prices and the origin for absolute URLs. */
export async function newsAsides(page: PageInput, articles: NewsArticle[]) {
  const [recommend, basics] = await Promise.all([listRecommend(page.locals.ctx, { limit: 4 }), pageBasics(page)]);
  return { latest: listLatestArticles(articles, { limit: 6 }).list, recommend: recommend.list, ...basics };
}
