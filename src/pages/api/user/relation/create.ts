import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { relationInput } from '../../../../shared/schemas/catalogue.ts';
import { createRelation } from '../../../../server/services/relation/create-relation.ts';

/** Favourite a product / offer / presale or follow a shop `{type, type_id}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await createRelation(ctx, await readBody(request, relationInput)));
});
