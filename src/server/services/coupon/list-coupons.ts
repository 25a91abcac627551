import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { coupon, product } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { couponListQuery, type CouponListQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, offsetOf, type Page } from '../input.ts';
import { visibleNormal, openMerchants } from '../catalogue/product-query.ts';
import { now } from '../dates.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { claimableAt } from './coupon-rules.ts';
import { couponScope } from './coupon-scope.ts';
import { couponDtos, type CouponDto } from './coupon-dto.ts';
import { shows } from '../cache-tags.ts';

export interface ProductBrief {
  product_id: number;
  store_name: string;
  image: string;
  price: string;
}

/** A few products a coupon applies to (the coupon card shows the first image); cached per coupon. */
export function sampleProducts(ctx: Pick<ServiceContext, 'db'>, c: typeof coupon.$inferSelect, n = 3): Promise<ProductBrief[]> {
  return cached(ctx.db, `${CACHE_KEYS.couponSamples}${c.couponId}:${n}`, () => loadSample(ctx, c, n));
}

async function loadSample(ctx: Pick<ServiceContext, 'db'>, c: typeof coupon.$inferSelect, n: number): Promise<ProductBrief[]> {
  const rows = await ctx.db
    .select({ product_id: product.productId, store_name: product.storeName, image: product.image, price: product.price })
    .from(product)
    .where(and(visibleNormal, await openMerchants(ctx), await couponScope(ctx, c)))
    .orderBy(desc(product.sales), desc(product.productId))
    .limit(n);
  return rows.map((r) => ({ ...r, price: toYuan(r.price) }));
}

/**
 * `GET /api/coupon/getlst`: claimable coupons for the coupon centre (type chips: -1 all, 10 general,
 * 11 category, 12 cross-shop, 0 shop, 1 product), 15 per page, with the shopper's `issue` flag and, with
 * `product=1`, up to three applicable products as `ProductLst`.
 */
export async function listCoupons(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  input: CouponListQuery = {},
): Promise<Page<CouponDto & { ProductLst?: ProductBrief[] }>> {
  // Members and order of the list change with any coupon's stock or window.
  shows('coupon');
  const q = parseInput(couponListQuery, input);
  const where = and(claimableAt(now()), q.type === -1 ? undefined : eq(coupon.type, q.type));
  const [rows, counted] = await Promise.all([
    ctx.db
      .select()
      .from(coupon)
      .where(where)
      .orderBy(desc(coupon.sort), asc(coupon.couponId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(coupon).where(where),
  ]);
  const dtos = await couponDtos(ctx, rows);
  const list = q.product ? await Promise.all(dtos.map(async (d, i) => ({ ...d, ProductLst: await sampleProducts(ctx, rows[i]!) }))) : dtos;
  return { count: counted[0]?.n ?? 0, list };
}
