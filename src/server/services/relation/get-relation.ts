import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { relation } from '../../db/schema/index.ts';
import { relationInput } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';

const careInput = z.object({ type: relationInput.shape.type, id: relationInput.shape.type_id });

/** Whether the signed-in shopper favourited or follows (`type`, `typeId`) (visitors: false). */
export async function isRelated(ctx: Pick<ServiceContext, 'db' | 'user'>, type: number, typeId: number): Promise<boolean> {
  if (!ctx.user) return false;
  const rows = await ctx.db
    .select({ id: relation.relationId })
    .from(relation)
    .where(and(eq(relation.uid, ctx.user.uid), eq(relation.type, type), eq(relation.typeId, typeId)));
  return rows.length > 0;
}

/** `GET /api/pc/care?type=10&id=<mer_id>` → `{care}`: whether the shopper follows / favourited it (visitors: false). */
export async function getRelation(ctx: ServiceContext, input: { type: number | string; id: number | string }): Promise<{ care: boolean }> {
  const { type, id } = parseInput(careInput, input);
  return { care: await isRelated(ctx, type, id) };
}
