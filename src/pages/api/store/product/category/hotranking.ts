import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { listRankingCategories } from '../../../../../server/services/catalogue/hot-ranking.ts';

/** The ranking tabs `[{store_category_id, cate_name}]`: the top-level categories (reference `/goods_ranking`). */
export const GET = endpoint(async (ctx) => ok(await listRankingCategories(ctx)));
