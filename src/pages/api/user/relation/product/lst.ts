import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listProductRelations } from '../../../../../server/services/relation/list-product-relations.ts';

/** The shopper's favourite products `{count, list}` (`?page&limit=12`), newest first, each with its `spu`. */
export const GET = endpoint(async (ctx, { url }) => ok(await listProductRelations(ctx, rawQuery(url))));
