import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { MAX_LIMIT } from '../../../../../shared/schemas/common.ts';
import { listBrands } from '../../../../../server/services/catalogue/list-brands.ts';

/**
 * Brands of the filter row, `?keyword&pid=<category>` (`cate_id` accepted too).
 * The reference page asks for `limit=999` meaning "all of them". The contract refuses limits above 100,
 * and no category has that many brands, so here (and only here) an integer limit above 100 is clamped to
 * 100 instead of refused; a non-numeric, fractional or non-positive limit is still a 400.
 */
export const GET = endpoint(async (ctx, { url }) => {
  const q = rawQuery(url);
  const limit = q.limit?.trim() ? Number(q.limit) : Number.NaN;
  if (Number.isInteger(limit) && limit > MAX_LIMIT) q.limit = String(MAX_LIMIT);
  return ok(await listBrands(ctx, { keyword: q.keyword, cate_id: q.cate_id ?? q.pid, page: q.page, limit: q.limit }));
});
