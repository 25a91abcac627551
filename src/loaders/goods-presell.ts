import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listPresells } from '../server/services/promotion/list-presells.ts';

const LIMIT = 16;

/** `/goods_presell?type=0|1|2&page`: presales by state (default in progress). */
export function loadGoodsPresell(page: PageInput) {
  return loadPage(async () => {
    const q = page.url.searchParams;
    const [list, basics] = await Promise.all([
      listPresells(ctxOf(page), { type: q.get('type') ?? undefined, page: q.get('page') ?? undefined, limit: LIMIT }),
      pageBasics(page),
    ]);
    return { list, type: Number(q.get('type') || 1), page: Number(q.get('page')) || 1, limit: LIMIT, ...basics };
  });
}
