import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listProducts } from '../../../../server/services/catalogue/list-products.ts';

/** Product search and category lists `{count, list}` (filters: see productListQuery). */
export const GET = endpoint(async (ctx, { url }) => ok(await listProducts(ctx, rawQuery(url))));
