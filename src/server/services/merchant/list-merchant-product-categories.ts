import { and, asc, desc, eq } from 'drizzle-orm';
import { merchantProductCategory } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { merchantIdInput, assertMerchantOpen } from './get-merchant.ts';
import { shows, tag } from '../cache-tags.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

export interface MerchantProductCategoryNode {
  store_category_id: number;
  pid: number;
  cate_name: string;
  children: MerchantProductCategoryNode[];
}

/**
 * The visible shop categories of shop `merId` as a tree (ids of the `mer_cate_id` filter). A hidden top-level category
 * hides its children with it: a shopper sees neither, and the shop list is not filtered by either (`shownCategoryIds`).
 */
export async function merchantProductCategoryTree(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<MerchantProductCategoryNode[]> {
  // Kept per shop (services/cache.ts), dropped by a change naming the shop.
  const rows = await cached(ctx.db, `${CACHE_KEYS.merchantTrees}${merId}`, () => {
    shows(tag('merchant', merId));
    return ctx.db
      .select()
      .from(merchantProductCategory)
      .where(and(eq(merchantProductCategory.merId, merId), eq(merchantProductCategory.isShow, true)))
      .orderBy(asc(merchantProductCategory.pid), desc(merchantProductCategory.sort), asc(merchantProductCategory.merCateId));
  });
  const byId = new Map<number, MerchantProductCategoryNode>();
  const roots: MerchantProductCategoryNode[] = [];
  for (const r of rows) byId.set(r.merCateId, { store_category_id: r.merCateId, pid: r.pid, cate_name: r.cateName, children: [] });
  for (const node of byId.values()) {
    if (node.pid === 0) roots.push(node);
    else byId.get(node.pid)?.children.push(node);
  }
  return roots;
}

/**
 * The ids the shop product list filters by for shop category `merCateId`: it and its children as the tree shows them
 * (a hidden child is left out; a hidden category, a child of a hidden one or another shop's is not in the tree, so
 * none: the list answers as for an unknown id).
 */
export function shownCategoryIds(tree: MerchantProductCategoryNode[], merCateId: number): number[] {
  for (const top of tree) {
    if (top.store_category_id === merCateId) return [merCateId, ...top.children.map((c) => c.store_category_id)];
    if (top.children.some((c) => c.store_category_id === merCateId)) return [merCateId];
  }
  return [];
}

/** `GET /api/store/merchant/category/lst/{id}`: the shop's category tree `[{store_category_id, cate_name, children}]`. */
export async function listMerchantProductCategories(
  ctx: Pick<ServiceContext, 'db'>,
  input: { id: number | string },
): Promise<MerchantProductCategoryNode[]> {
  const { id } = parseInput(merchantIdInput, input);
  await assertMerchantOpen(ctx, id);
  return merchantProductCategoryTree(ctx, id);
}
