import type { ServiceContext } from '../context.ts';
import { getCategoryTree, type CategoryNode } from './category-tree.ts';

/**
 * `GET /api/store/product/category/lst`: the visible 3-level tree `{list: [{store_category_id, cate_name,
 * pic, children: [...]}]}`. Served from the catalogue cache; the result is shared, treat it as read-only.
 */
export async function listCategories(ctx: Pick<ServiceContext, 'db'>): Promise<{ list: CategoryNode[] }> {
  return { list: (await getCategoryTree(ctx)).list };
}
