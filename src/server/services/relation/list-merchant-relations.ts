import { and, desc, eq, sql } from 'drizzle-orm';
import { merchant, relation } from '../../db/schema/index.ts';
import type { ListPage } from '../../../shared/dto.ts';
import { relationListQuery, type RelationListQuery } from '../../../shared/schemas/relation.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput } from '../input.ts';
import { formatDateTime } from '../dates.ts';

export interface MerchantRelationDto {
  relation_id: number;
  uid: number;
  type: 10;
  type_id: number;
  create_time: string | null;
  /** 1 when the shop is closed (or gone). */
  is_fail: number;
  merchant: {
    mer_id: number;
    mer_name: string;
    mer_avatar: string;
    /** 1 for the mall's own shops (自营). */
    is_trader: number;
    care_count: number;
    /** 1 open, 0 closed. */
    status: number;
  } | null;
}

/**
 * `GET /api/user/relation/merchant/lst?page&limit=12` (login required): the shops the shopper follows, newest
 * follow first, a closed shop marked `is_fail`.
 */
export async function listMerchantRelations(ctx: ServiceContext, input: RelationListQuery): Promise<ListPage<MerchantRelationDto>> {
  const user = requireUser(ctx);
  const { page, limit } = parseInput(relationListQuery, input);
  const mine = and(eq(relation.uid, user.uid), eq(relation.type, 10));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ r: relation, m: merchant })
      .from(relation)
      .leftJoin(merchant, eq(merchant.merId, relation.typeId))
      .where(mine)
      .orderBy(desc(relation.createdAt), desc(relation.relationId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(relation).where(mine),
  ]);
  return {
    count: total?.count ?? 0,
    list: rows.map(({ r, m }) => ({
      relation_id: r.relationId,
      uid: r.uid,
      type: 10,
      type_id: r.typeId,
      create_time: formatDateTime(r.createdAt),
      is_fail: m?.status ? 0 : 1,
      merchant: m
        ? {
            mer_id: m.merId,
            mer_name: m.merName,
            mer_avatar: m.merAvatar,
            is_trader: m.isTrader ? 1 : 0,
            care_count: m.careCount,
            status: m.status ? 1 : 0,
          }
        : null,
    })),
  };
}
