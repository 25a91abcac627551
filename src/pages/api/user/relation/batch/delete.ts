import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { requireUser } from '../../../../../server/services/context.ts';
import { relationBatchInput } from '../../../../../shared/schemas/relation.ts';
import { batchDeleteRelations } from '../../../../../server/services/relation/batch-delete-relations.ts';

/** Remove several favourites `{type, type_id: [ids]}` (type 1 with product ids, as the favourites page sends). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  return ok(await batchDeleteRelations(ctx, await readObjectBody(request, relationBatchInput)));
});
