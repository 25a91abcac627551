import { and, eq, sql } from 'drizzle-orm';
import { merchant, relation } from '../../db/schema/index.ts';
import { relationInput, type RelationInput } from '../../../shared/schemas/catalogue.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/**
 * `POST /api/user/relation/delete {type, type_id}` (login required): unfavourite / unfollow. Idempotent;
 * unfollowing lowers the shop's `care_count` in the same transaction, only when a follow was removed.
 */
export async function deleteRelation(
  ctx: ServiceContext,
  input: RelationInput,
): Promise<{ type: number; type_id: number; relation: false }> {
  const user = requireUser(ctx);
  const { type, type_id } = parseInput(relationInput, input);
  const unfollowed = await transaction(ctx.db, async (tx) => {
    const removed = await tx
      .delete(relation)
      .where(and(eq(relation.uid, user.uid), eq(relation.type, type), eq(relation.typeId, type_id)))
      .returning({ id: relation.relationId });
    if (type === 10 && removed.length) {
      await tx
        .update(merchant)
        .set({ careCount: sql`greatest(${merchant.careCount} - 1, 0)` })
        .where(eq(merchant.merId, type_id));
    }
    return type === 10 && removed.length > 0;
  });
  if (unfollowed) invalidate(ctx.db, [tag('merchant', type_id)]);
  return { type, type_id, relation: false };
}
