import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { getRelation } from '../../../server/services/relation/get-relation.ts';

/** `?type=10&id=<mer_id>` → `{care}`; visitors get `false`. Missing fields are refused by the service. */
export const GET = endpoint(async (ctx, { url }) => ok(await getRelation(ctx, rawQuery(url) as { type: string; id: string })));
