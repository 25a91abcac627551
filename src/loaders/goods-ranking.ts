import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getHotRanking, listRankingCategories } from '../server/services/catalogue/hot-ranking.ts';

/**
 * `/goods_ranking` and `/goods_ranking/{cate_id}` (reference extra route): the tabs (the overall ranking and each
 * top-level category) and the chosen ranking. A category that is not a visible top-level one is a 404.
 */
export function loadGoodsRanking(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [tabs, [ranking], basics] = await Promise.all([
      listRankingCategories(ctx),
      getHotRanking(ctx, { cate_pid: page.params?.id ?? '' }),
      pageBasics(page),
    ]);
    return { tabs, ranking: ranking!, ...basics };
  });
}
