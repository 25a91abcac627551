import { asc, desc, eq } from 'drizzle-orm';
import { storeCategory } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

export interface CategoryNode {
  store_category_id: number;
  pid: number;
  cate_name: string;
  pic: string;
  level: number;
  children: CategoryNode[];
}

export interface CategoryTree {
  /** Visible roots with visible children, in sort order. */
  list: CategoryNode[];
  byId: Map<number, CategoryNode>;
}

async function loadTree(ctx: Pick<ServiceContext, 'db'>): Promise<CategoryTree> {
  const rows = await ctx.db
    .select()
    .from(storeCategory)
    .where(eq(storeCategory.isShow, true))
    .orderBy(asc(storeCategory.level), desc(storeCategory.sort), asc(storeCategory.storeCategoryId));
  const byId = new Map<number, CategoryNode>();
  const list: CategoryNode[] = [];
  for (const r of rows) {
    const node = { store_category_id: r.storeCategoryId, pid: r.pid, cate_name: r.cateName, pic: r.pic, level: r.level, children: [] };
    // A child of a hidden parent is hidden too: it is simply never attached.
    if (r.pid === 0) list.push(node);
    else if (byId.has(r.pid)) byId.get(r.pid)!.children.push(node);
    else continue;
    byId.set(r.storeCategoryId, node);
  }
  return { list, byId };
}

/** The visible 3-level category tree (cached; see cache.ts for the TTL). */
export function getCategoryTree(ctx: Pick<ServiceContext, 'db'>): Promise<CategoryTree> {
  return cached(ctx.db, CACHE_KEYS.categories, () => loadTree(ctx));
}

/** Level-3 ids under a category of any level (itself when it is a leaf); [] for unknown or hidden ids. */
export function leafIdsUnder(tree: CategoryTree, id: number): number[] {
  const node = tree.byId.get(id);
  if (!node) return [];
  if (!node.children.length) return node.level === 3 ? [id] : [];
  return node.children.flatMap((c) => leafIdsUnder(tree, c.store_category_id));
}

/** The path root → node, for breadcrumbs and price rules. */
export function ancestorsOf(tree: CategoryTree, id: number): CategoryNode[] {
  const path: CategoryNode[] = [];
  for (let n = tree.byId.get(id); n; n = n.pid ? tree.byId.get(n.pid) : undefined) path.unshift(n);
  return path;
}
