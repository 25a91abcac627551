import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { relationInput } from '../../../../shared/schemas/catalogue.ts';
import { deleteRelation } from '../../../../server/services/relation/delete-relation.ts';

/** Undo a favourite or follow `{type, type_id}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await deleteRelation(ctx, await readBody(request, relationInput)));
});
