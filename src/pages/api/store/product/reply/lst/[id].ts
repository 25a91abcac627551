import { endpoint, ok } from '../../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../../_input.ts';
import { listReviews } from '../../../../../../server/services/catalogue/list-reviews.ts';

/** A product's reviews `{count, rate, star, stat, list}`, `?type=count|best|middle|negative`. */
export const GET = endpoint(async (ctx, { url, params }) => ok(await listReviews(ctx, { ...rawQuery(url), id: params.id ?? '' })));
