import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listRecommend } from '../../../../server/services/catalogue/list-recommend.ts';

/** "Recommended for you" `{count, list}` (personal for a signed-in shopper with favourites). */
export const GET = endpoint(async (ctx, { url }) => ok(await listRecommend(ctx, rawQuery(url))));
