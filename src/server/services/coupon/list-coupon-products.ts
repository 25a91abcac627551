import { and, eq, inArray } from 'drizzle-orm';
import { coupon, product } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { couponProductQuery, type CouponProductQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound, type Page } from '../input.ts';
import { getCategoryTree, leafIdsUnder } from '../catalogue/category-tree.ts';
import { visibleNormal, openMerchants, keywordMatch, priceBetween } from '../catalogue/product-query.ts';
import { listingPage } from '../catalogue/product-page.ts';
import type { ProductCard } from '../catalogue/product-card.ts';
import { couponScope } from './coupon-scope.ts';
import { COUPON_TEXT } from './claim-coupon.ts';

export interface CouponProductPage extends Page<ProductCard> {
  coupon: { coupon_id: number; title: string; type: number; coupon_price: string; use_min_price: string };
}

/**
 * `GET /api/product/spu/coupon_product?coupon_id`: the products a coupon applies to, with the list
 * filters (keyword, brands, category, price range, order), 15 per page.
 */
export async function listCouponProducts(ctx: Pick<ServiceContext, 'db'>, input: CouponProductQuery): Promise<CouponProductPage> {
  const q = parseInput(couponProductQuery, input);
  const [c] = await ctx.db.select().from(coupon).where(eq(coupon.couponId, q.coupon_id));
  if (!c || !c.status) throw notFound(COUPON_TEXT.gone);
  const head = {
    coupon_id: c.couponId,
    title: c.title,
    type: c.type,
    coupon_price: toYuan(c.couponPrice),
    use_min_price: toYuan(c.useMinPrice),
  };
  const cates = q.cate_pid === undefined ? undefined : leafIdsUnder(await getCategoryTree(ctx), q.cate_pid);
  if (cates && !cates.length) return { coupon: head, count: 0, list: [] };
  const where = and(
    visibleNormal,
    await openMerchants(ctx),
    await couponScope(ctx, c),
    keywordMatch(q.keyword),
    cates ? inArray(product.cateId, cates) : undefined,
    q.brand_id.length ? inArray(product.brandId, q.brand_id) : undefined,
    ...priceBetween(q.price_on, q.price_off),
  );
  return { coupon: head, ...(await listingPage(ctx, where, q.order, q.page, q.limit, q.keyword)) };
}
