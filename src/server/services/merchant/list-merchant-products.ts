import { and, eq, inArray, sql } from 'drizzle-orm';
import { product, productMerchantCategory } from '../../db/schema/index.ts';
import { merchantProductQuery, idField, type MerchantProductQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, type Page } from '../input.ts';
import { visibleNormal, keywordMatch, priceBetween } from '../catalogue/product-query.ts';
import { listingPage } from '../catalogue/product-page.ts';
import type { ProductCard } from '../catalogue/product-card.ts';
import { assertMerchantOpen } from './get-merchant.ts';
import { merchantProductCategoryTree, shownCategoryIds } from './list-merchant-product-categories.ts';

const input = merchantProductQuery.extend({ id: idField('店铺') });

/**
 * A shop category and its children (a parent category shows the products of its children too), as the shopper's tree
 * shows them: a category the tree does not show (hidden, under a hidden parent, another shop's, unknown) matches nothing.
 */
async function inMerchantCategory(ctx: Pick<ServiceContext, 'db'>, merId: number, merCateId: number) {
  const ids = shownCategoryIds(await merchantProductCategoryTree(ctx, merId), merCateId);
  if (ids.length === 0) return sql`false`;
  return inArray(
    product.productId,
    ctx.db
      .select({ id: productMerchantCategory.productId })
      .from(productMerchantCategory)
      .where(inArray(productMerchantCategory.merCateId, ids)),
  );
}

/**
 * `GET /api/product/spu/merchant/{id}`: a shop's products for the shop home and its category page, with
 * in-shop search (`keyword`), shop category (`mer_cate_id`), price range and `order` (including `is_new`).
 */
export async function listMerchantProducts(
  ctx: Pick<ServiceContext, 'db'>,
  raw: MerchantProductQuery & { id: number | string },
): Promise<Page<ProductCard>> {
  const q = parseInput(input, raw);
  await assertMerchantOpen(ctx, q.id);
  const where = and(
    visibleNormal,
    eq(product.merId, q.id),
    keywordMatch(q.keyword),
    q.mer_cate_id !== undefined ? await inMerchantCategory(ctx, q.id, q.mer_cate_id) : undefined,
    ...priceBetween(q.price_on, q.price_off),
  );
  // The shop home's default order is its best sellers. A shop's whole list (no filter but the shop: its home page) is
  // read by prepared statements on PGlite, one plan for every shop (the shop indexes of each order).
  const wholeShop = !q.keyword && q.mer_cate_id === undefined && q.price_on === undefined && q.price_off === undefined;
  return listingPage(ctx, where, q.order || 'sales', q.page, q.limit, q.keyword, wholeShop ? 'shop-products' : undefined);
}
