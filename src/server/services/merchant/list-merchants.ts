import type { z } from 'zod';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { merchant, merchantType, product } from '../../db/schema/index.ts';
import { merchantListQuery, type MerchantListQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { likeContains } from '../../../shared/schemas/common.ts';
import { parseInput, offsetOf, type Page } from '../input.ts';
import { listTopProducts } from './list-top-products.ts';
import type { ProductCard } from '../catalogue/product-card.ts';
import { shows } from '../cache-tags.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

export interface MerchantListItem {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  mer_banner: string;
  /** The shop street card's background (reference: `border_pic`): the shop's banner. */
  border_pic: string;
  mer_info: string;
  type_name: string;
  is_trader: number;
  is_best: number;
  care_count: number;
  score: number;
  recommend: ProductCard[];
}

const salesOf = sql`(select coalesce(sum(${product.sales}), 0) from ${product} where ${product.merId} = ${merchant.merId} and ${product.status} = 1)`;
const scoreOf = sql`(${merchant.productScore} + ${merchant.serviceScore} + ${merchant.postageScore})`;

function orderOf(order: string): SQL[] {
  if (order === 'sales') return [desc(salesOf), asc(merchant.merId)];
  if (order === 'rate') return [desc(scoreOf), asc(merchant.merId)];
  if (order === 'care_count') return [desc(merchant.careCount), asc(merchant.merId)];
  return [desc(merchant.isBest), desc(merchant.sort), asc(merchant.merId)];
}

/**
 * `GET /api/store/merchant/lst`: open shops for the shop street, shop search and the "matching shops"
 * strips: keyword (name or keywords), shop types (`type_id` csv), street category, `is_best`; sorted by
 * default, `sales`, `rate` or `care_count`. Each shop carries its 3 best sellers as `recommend`. Kept in the read
 * cache (every search page shows the matching shops: two queries over the shop table, 2.5 ms on PGlite), dropped by
 * any change to a shop (a follow, a score, a closing) or a product (sales, best sellers).
 */
export async function listMerchants(ctx: Pick<ServiceContext, 'db'>, input: MerchantListQuery): Promise<Page<MerchantListItem>> {
  const q = parseInput(merchantListQuery, input);
  return cached(ctx.db, `${CACHE_KEYS.merchantLists}${JSON.stringify(q)}`, () => readMerchants(ctx, q));
}

async function readMerchants(ctx: Pick<ServiceContext, 'db'>, q: z.output<typeof merchantListQuery>): Promise<Page<MerchantListItem>> {
  shows('merchant');
  const where = and(
    eq(merchant.status, true),
    q.keyword ? or(ilike(merchant.merName, likeContains(q.keyword)), ilike(merchant.merKeyword, likeContains(q.keyword))) : undefined,
    q.type_id.length ? inArray(merchant.merTypeId, q.type_id) : undefined,
    q.category_id !== undefined ? eq(merchant.categoryId, q.category_id) : undefined,
    q.is_best !== undefined ? eq(merchant.isBest, q.is_best === 1) : undefined,
  );
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ m: merchant, typeName: merchantType.typeName, score: sql<string>`round(${scoreOf} / 3, 1)::text` })
      .from(merchant)
      .innerJoin(merchantType, eq(merchantType.merTypeId, merchant.merTypeId))
      .where(where)
      .orderBy(...orderOf(q.order))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(merchant).where(where),
  ]);
  const top = await listTopProducts(
    ctx,
    rows.map((r) => r.m.merId),
    3,
  );
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map(({ m, typeName, score }) => ({
      mer_id: m.merId,
      mer_name: m.merName,
      mer_avatar: m.merAvatar,
      mer_banner: m.merBanner,
      border_pic: m.merBanner,
      mer_info: m.merInfo,
      type_name: typeName,
      is_trader: m.isTrader ? 1 : 0,
      is_best: m.isBest ? 1 : 0,
      care_count: m.careCount,
      score: Number(score),
      recommend: top.get(m.merId) ?? [],
    })),
  };
}
