import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { couponCategory, couponMerchant, couponProduct, product, type coupon } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { getCategoryTree, leafIdsUnder } from '../catalogue/category-tree.ts';

/**
 * The products a coupon applies to, as a condition on `product`: a shop coupon → the shop's products,
 * a product coupon → its linked products, a category coupon → products under its categories (any level),
 * a cross-shop coupon → the linked shops' products, a platform general coupon → everything.
 */
export async function couponScope(
  ctx: Pick<ServiceContext, 'db'>,
  c: Pick<typeof coupon.$inferSelect, 'couponId' | 'type' | 'merId'>,
): Promise<SQL> {
  switch (c.type) {
    case 0:
      return eq(product.merId, c.merId);
    case 1:
      return sql`${product.productId} in (select ${couponProduct.productId} from ${couponProduct} where ${couponProduct.couponId} = ${c.couponId})`;
    case 11: {
      const links = await ctx.db
        .select({ id: couponCategory.storeCategoryId })
        .from(couponCategory)
        .where(eq(couponCategory.couponId, c.couponId));
      const tree = await getCategoryTree(ctx);
      const leaves = [...new Set(links.flatMap((l) => leafIdsUnder(tree, l.id)))];
      return leaves.length ? inArray(product.cateId, leaves) : sql`false`;
    }
    case 12:
      return sql`${product.merId} in (select ${couponMerchant.merId} from ${couponMerchant} where ${couponMerchant.couponId} = ${c.couponId})`;
    default:
      return sql`true`;
  }
}
