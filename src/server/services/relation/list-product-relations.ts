import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { merchant, presell, product, relation, seckillProduct, seckillTime } from '../../db/schema/index.ts';
import type { ListPage } from '../../../shared/dto.ts';
import { toYuan } from '../../../shared/money.ts';
import { relationListQuery, type RelationListQuery } from '../../../shared/schemas/relation.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput } from '../input.ts';
import { formatDateTime, mallDate, mallDayAt, now, unix } from '../dates.ts';
import { productColumns } from '../catalogue/product-query.ts';

/** Relation types the product favourites tab lists: products, flash-sale offers, presales. */
export const PRODUCT_RELATION_TYPES = [0, 1, 2];

/** Why a favourite can no longer be bought: off the shelf (or its shop closed), or gone / its offer over. */
export const RELATION_FAIL = { off: '已下架', gone: '已失效' } as const;

export interface RelationSpuDto {
  /** The favourited product's id (the reference's spu; the batch removal takes these). */
  spu_id: number;
  product_id: number;
  /** 0 normal, 1 flash sale, 2 presale. */
  product_type: number;
  /** `product_presell_id` of a presale, else the product id: the detail page's id. */
  activity_id: number;
  store_name: string;
  image: string;
  price: string;
  ot_price: string;
  mer_id: number;
  /** Unix seconds a flash sale's last session or a presale ends; 0 for a normal product. */
  stop_time: number;
  /** 1 on sale, 0 off the shelf. */
  status: number;
}

export interface ProductRelationDto {
  relation_id: number;
  uid: number;
  type: number;
  type_id: number;
  create_time: string | null;
  /** 1 when it can no longer be bought; `fail_reason` says why (已下架 / 已失效). */
  is_fail: number;
  fail_reason: string;
  /** null when the product no longer exists. */
  spu: RelationSpuDto | null;
}

/**
 * `GET /api/user/relation/product/lst?page&limit=12` (login required): the shopper's favourite products, flash-sale
 * offers and presales, newest first, each with its product (`spu`) and whether it can still be bought.
 */
export async function listProductRelations(ctx: ServiceContext, input: RelationListQuery): Promise<ListPage<ProductRelationDto>> {
  const user = requireUser(ctx);
  const { page, limit } = parseInput(relationListQuery, input);
  const mine = and(eq(relation.uid, user.uid), inArray(relation.type, PRODUCT_RELATION_TYPES));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        r: relation,
        p: productColumns,
        shopOpen: merchant.status,
        presell: { id: presell.productPresellId, status: presell.status, endTime: presell.endTime },
        seckill: { endDay: seckillProduct.endDay, endHour: seckillTime.endTime },
      })
      .from(relation)
      .leftJoin(presell, and(eq(relation.type, 2), eq(presell.productPresellId, relation.typeId)))
      .leftJoin(product, eq(product.productId, sql`case when ${relation.type} = 2 then ${presell.productId} else ${relation.typeId} end`))
      .leftJoin(merchant, eq(merchant.merId, product.merId))
      .leftJoin(seckillProduct, and(eq(relation.type, 1), eq(seckillProduct.productId, product.productId)))
      .leftJoin(seckillTime, eq(seckillTime.seckillTimeId, seckillProduct.seckillTimeId))
      .where(mine)
      .orderBy(desc(relation.createdAt), desc(relation.relationId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(relation).where(mine),
  ]);
  const at = now();
  const today = mallDate(at);
  const list = rows.map(({ r, p, shopOpen, presell: ps, seckill: sk }): ProductRelationDto => {
    const stop =
      r.type === 2 && ps?.endTime
        ? unix(ps.endTime)
        : r.type === 1 && sk?.endDay
          ? unix(mallDayAt(new Date(`${sk.endDay}T00:00:00+08:00`), sk.endHour ?? 24))
          : 0;
    const gone =
      !p ||
      p.productType !== r.type ||
      (r.type === 2 && (!ps?.status || stop * 1000 < at.getTime())) ||
      (r.type === 1 && (!sk?.endDay || sk.endDay < today));
    const off = !gone && (p!.status !== 1 || shopOpen === false);
    return {
      relation_id: r.relationId,
      uid: r.uid,
      type: r.type,
      type_id: r.typeId,
      create_time: formatDateTime(r.createdAt),
      is_fail: gone || off ? 1 : 0,
      fail_reason: gone ? RELATION_FAIL.gone : off ? RELATION_FAIL.off : '',
      spu: p
        ? {
            spu_id: p.productId,
            product_id: p.productId,
            product_type: p.productType,
            activity_id: r.type === 2 ? r.typeId : p.productId,
            store_name: p.storeName,
            image: p.image,
            price: toYuan(p.price),
            ot_price: toYuan(p.otPrice),
            mer_id: p.merId,
            stop_time: stop,
            status: p.status === 1 ? 1 : 0,
          }
        : null,
    };
  });
  return { count: total?.count ?? 0, list };
}
