import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listMerchantRelations } from '../../../../../server/services/relation/list-merchant-relations.ts';

/** The shops the shopper follows `{count, list}` (`?page&limit=12`), each with its `merchant`. */
export const GET = endpoint(async (ctx, { url }) => ok(await listMerchantRelations(ctx, rawQuery(url))));
