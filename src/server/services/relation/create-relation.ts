import { eq, sql } from 'drizzle-orm';
import { merchant, relation } from '../../db/schema/index.ts';
import { relationInput, type RelationInput } from '../../../shared/schemas/catalogue.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { assertRelationTarget } from './relation-target.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/**
 * `POST /api/user/relation/create {type, type_id}` (login required): favourite a product (0), flash-sale
 * offer (1) or presale (2, type_id = product_presell_id), or follow a shop (10). Idempotent; following
 * raises the shop's `care_count` in the same transaction, only when the follow is new.
 */
export async function createRelation(
  ctx: ServiceContext,
  input: RelationInput,
): Promise<{ type: number; type_id: number; relation: true }> {
  const user = requireUser(ctx);
  const { type, type_id } = parseInput(relationInput, input);
  await assertRelationTarget(ctx, type, type_id);
  const followed = await transaction(ctx.db, async (tx) => {
    const added = await tx
      .insert(relation)
      .values({ uid: user.uid, type, typeId: type_id })
      .onConflictDoNothing()
      .returning({ id: relation.relationId });
    if (type === 10 && added.length) {
      await tx
        .update(merchant)
        .set({ careCount: sql`${merchant.careCount} + 1` })
        .where(eq(merchant.merId, type_id));
    }
    return type === 10 && added.length > 0;
  });
  // The shop's follower count shows on its pages; favourites show on no visitor page.
  if (followed) invalidate(ctx.db, [tag('merchant', type_id)]);
  return { type, type_id, relation: true };
}
