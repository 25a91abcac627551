import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listHotProducts } from '../../../../../server/services/catalogue/list-hot-products.ts';

/** Curated lists: `type` is best, hot, new or good (anything else is a 400). */
export const GET = endpoint(async (ctx, { url, params }) => ok(await listHotProducts(ctx, { ...rawQuery(url), type: params.type ?? '' })));
