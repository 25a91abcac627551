import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { ServiceError } from '../server/services/errors.ts';
import { listHotProducts } from '../server/services/catalogue/list-hot-products.ts';
import { listRecommend } from '../server/services/catalogue/list-recommend.ts';
import { listHotBanners } from '../server/services/site/list-hot-banners.ts';
import { HOT_TYPES, type HotType } from '../shared/schemas/catalogue.ts';

export const GOODS_LIST_LIMIT = 12;

/** `/goods_list?type=best|hot|new|good`: a curated list (no type: best); an unknown type is a 404, a bad page a 400. */
export function loadGoodsList(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const q = Object.fromEntries(page.url.searchParams);
    const type = (q.type || 'best') as HotType;
    if (!HOT_TYPES.includes(type)) throw new ServiceError('not_found', '榜单不存在');
    const [list, recommend, banners, basics] = await Promise.all([
      listHotProducts(ctx, { ...q, type, limit: q.limit || GOODS_LIST_LIMIT }),
      listRecommend(ctx, { limit: 5 }),
      listHotBanners(ctx, { type }),
      pageBasics(page),
    ]);
    // Valid now: the service accepted them.
    const pageNo = Number(q.page || 1);
    return {
      type,
      list,
      recommend: recommend.list,
      banners,
      page: pageNo,
      limit: Number(q.limit || GOODS_LIST_LIMIT),
      rawLimit: q.limit,
      ...basics,
    };
  });
}
