import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { getHotRanking } from '../../../../server/services/catalogue/hot-ranking.ts';

/** `?cate_pid=` (0 or none: the whole mall): `[{store_category_id, cate_name, list}]`, the best sellers of a top-level category. */
export const GET = endpoint(async (ctx, { url }) => ok(await getHotRanking(ctx, rawQuery(url))));
