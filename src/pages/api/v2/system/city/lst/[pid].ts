import { endpoint, ok } from '../../../../../../server/http/envelope.ts';
import { listRegions } from '../../../../../../server/services/address/list-regions.ts';

/** Region data changes with a package update only. */
const CACHE = 'public, max-age=86400';

/**
 * The region picker (public): `[{id, name, parent_id, level, snum}]` under region `pid`, 0 for the provinces;
 * an unknown code has none. Cacheable by browsers and shared caches for a day.
 */
export const GET = endpoint(async (ctx, { params }) => {
  const res = ok(await listRegions(ctx, { pid: params.pid ?? '' }));
  res.headers.set('cache-control', CACHE);
  return res;
});
