import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { merchant, presell, relation } from '../../db/schema/index.ts';
import { relationBatchInput, type RelationBatchInput } from '../../../shared/schemas/relation.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';

/**
 * `POST /api/user/relation/batch/delete {type, type_id: [ids]}` (login required): removes several of the shopper's
 * favourites at once. The reference's favourites page sends `type: 1` with the spu ids of its product tab, so type 0
 * and 1 take product ids and remove the product, flash-sale or presale favourite of each; type 2 takes presale ids
 * and 10 shop ids (each unfollow lowers that shop's `care_count`, in the same transaction). Ids the shopper has not
 * favourited are ignored; `removed` says how many went.
 */
export async function batchDeleteRelations(ctx: ServiceContext, input: RelationBatchInput): Promise<{ removed: number }> {
  const user = requireUser(ctx);
  const { type, type_id } = parseInput(relationBatchInput, input);
  const ids = [...new Set(type_id)];
  const target =
    type === 0 || type === 1
      ? or(
          and(inArray(relation.type, [0, 1]), inArray(relation.typeId, ids)),
          and(
            eq(relation.type, 2),
            inArray(relation.typeId, ctx.db.select({ id: presell.productPresellId }).from(presell).where(inArray(presell.productId, ids))),
          ),
        )
      : and(eq(relation.type, type), inArray(relation.typeId, ids));
  const { removed, shops } = await transaction(ctx.db, async (tx) => {
    const rows = await tx
      .delete(relation)
      .where(and(eq(relation.uid, user.uid), target))
      .returning({ type: relation.type, typeId: relation.typeId });
    const shops = rows.filter((r) => r.type === 10).map((r) => r.typeId);
    if (shops.length) {
      await tx
        .update(merchant)
        .set({ careCount: sql`greatest(${merchant.careCount} - 1, 0)` })
        .where(inArray(merchant.merId, shops));
    }
    return { removed: rows.length, shops };
  });
  if (shops.length)
    invalidate(
      ctx.db,
      shops.map((id) => tag('merchant', id)),
    );
  return { removed };
}
