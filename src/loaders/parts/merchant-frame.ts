import type { ServiceContext } from '../../server/services/context.ts';
import { getMerchant, type MerchantDetail } from '../../server/services/merchant/get-merchant.ts';
import {
  merchantProductCategoryTree,
  type MerchantProductCategoryNode,
} from '../../server/services/merchant/list-merchant-product-categories.ts';

export interface MerchantFrame {
  merchant: MerchantDetail;
  categories: MerchantProductCategoryNode[];
}

/** The merchant card and category tree every merchant page (layout) needs; a closed or unknown merchant throws the 404. */
export async function loadMerchantFrame(ctx: ServiceContext, id: string | null): Promise<MerchantFrame> {
  const merchant = await getMerchant(ctx, { id: id ?? '' });
  return { merchant, categories: await merchantProductCategoryTree(ctx, merchant.mer_id) };
}

/** The name of merchant category `cateId` in the tree (either level), for titles and breadcrumbs. */
export function categoryName(tree: MerchantProductCategoryNode[], cateId: number | undefined): string | null {
  if (cateId === undefined) return null;
  for (const c of tree) {
    if (c.store_category_id === cateId) return c.cate_name;
    const child = c.children.find((k) => k.store_category_id === cateId);
    if (child) return child.cate_name;
  }
  return null;
}
