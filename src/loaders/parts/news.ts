/**
 * Server-side data of the two news pages (frontmatter only): the articles from the content layer, the
 * "最新资讯" and "为你推荐" asides, prices and the origin for absolute URLs. A ServiceError becomes
 * `{ok: false}` with the status the page answers (400 bad query, 404 unknown category or article).
 */
import { getEntry, render } from 'astro:content';
import { readArticles } from '../../server/services/news/read-articles.ts';
import { listArticles, NEWS_PAGE_SIZE } from '../../server/services/news/list-articles.ts';
import { listLatestArticles } from '../../server/services/news/list-latest.ts';
import { listNewsCategories } from '../../server/services/news/list-categories.ts';
import { getArticle } from '../../server/services/news/get-article.ts';
import { getAdjacentArticles } from '../../server/services/news/get-adjacent.ts';
import type { NewsArticle } from '../../server/services/news/article.ts';
import { listRecommend } from '../../server/services/catalogue/list-recommend.ts';
import { cachedSiteConfig } from '../../server/services/site/load-shell.ts';
import { listingError } from './search-listing.ts';
import { pricingOf } from '../../server/pricing/pricing.ts';
import { pageOrigin } from '../../server/page/origin.ts';
import { parseId } from '../../shared/routes.ts';

type Failure = { ok: false; code: 400 | 404; message: string };

/** What both pages show beside the article(s). */
async function asides(locals: App.Locals, url: URL, articles: NewsArticle[]) {
  const [recommend, pricing, origin] = await Promise.all([
    listRecommend({ db: locals.db, user: locals.user }, { limit: 4 }),
    pricingOf(locals),
    pageOrigin(locals, url),
  ]);
  return { latest: listLatestArticles(articles, { limit: 6 }).list, recommend: recommend.list, pricing, origin };
}

/** `/news_list?cid=&page=`: one page of 10 articles of a category (cid 0 or none: all). */
export async function loadNewsList(locals: App.Locals, url: URL) {
  const q = url.searchParams;
  const articles = await readArticles();
  let list;
  try {
    list = listArticles(articles, { cid: q.get('cid') ?? undefined, page: q.get('page') ?? undefined, limit: NEWS_PAGE_SIZE });
  } catch (e) {
    return { ok: false, ...listingError(e) } satisfies Failure;
  }
  // Valid now: the service accepted them.
  const cid = Number(q.get('cid') || 0);
  const page = Number(q.get('page') || 1);
  return { ok: true, list, cid, page, limit: NEWS_PAGE_SIZE, categories: listNewsCategories(), ...(await asides(locals, url, articles)) } as const;
}

/** `/news_detail/{id}`: the article, its rendered Markdown, the articles either side. A bad id is a 404. */
export async function loadNewsDetail(locals: App.Locals, url: URL, rawId: string | undefined) {
  const id = parseId(rawId);
  const articles = await readArticles();
  const found = id === null ? undefined : articles.find((a) => a.article_id === id);
  const entry = found && (await getEntry('news', found.entry));
  if (!found || !entry) return { ok: false, code: 404, message: '' } satisfies Failure;
  const article = getArticle(articles, { id });
  const [{ Content }, site, side] = await Promise.all([render(entry), cachedSiteConfig(locals).catch(() => null), asides(locals, url, articles)]);
  return { ok: true, article, adjacent: getAdjacentArticles(articles, { id }), Content, site, ...side } as const;
}
