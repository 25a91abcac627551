import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listParamFilters } from '../../../../server/services/catalogue/list-param-filters.ts';

/** Dynamic parameter filters `[{parameter_id, name, value: [{value}]}]` for `?keyword&cate_id`. */
export const GET = endpoint(async (ctx, { url }) => {
  const q = rawQuery(url);
  return ok(await listParamFilters(ctx, { keyword: q.keyword, cate_id: q.cate_id }));
});
