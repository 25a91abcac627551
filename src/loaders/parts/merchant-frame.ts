import { ServiceError } from '../../server/services/errors.ts';
import { getMerchant, type MerchantDetail } from '../../server/services/merchant/get-merchant.ts';
import { merchantProductCategoryTree, type MerchantProductCategoryNode } from '../../server/services/merchant/list-merchant-product-categories.ts';
import { ROUTES } from '../../shared/routes.ts';

/** What a page shows instead of its content when a service refused the request. */
export interface PageFailure {
  status: number;
  message: string;
}

/** Runs the page's loads; a ServiceError becomes a failure to render (400 / 404), anything else is a real 500. */
export async function attempt<T>(load: () => Promise<T>): Promise<{ data: T; failure: null } | { data: null; failure: PageFailure }> {
  try {
    return { data: await load(), failure: null };
  } catch (err) {
    if (err instanceof ServiceError) return { data: null, failure: { status: err.status === 404 ? 404 : 400, message: err.message } };
    throw err;
  }
}

export interface StoreFrame {
  shop: MerchantDetail;
  categories: MerchantProductCategoryNode[];
}

/** The shop card and category tree every shop page (layout) needs; a closed or unknown shop throws the 404. */
export async function loadStoreFrame(ctx: { db: App.Locals['db']; user: App.Locals['user'] }, id: string | null): Promise<StoreFrame> {
  const shop = await getMerchant(ctx, { id: id ?? '' });
  return { shop, categories: await merchantProductCategoryTree(ctx, shop.mer_id) };
}

/** The name of shop category `cateId` in the tree (either level), for titles and breadcrumbs. */
export function categoryName(tree: MerchantProductCategoryNode[], cateId: number | undefined): string | null {
  if (cateId === undefined) return null;
  for (const c of tree) {
    if (c.store_category_id === cateId) return c.cate_name;
    const child = c.children.find((k) => k.store_category_id === cateId);
    if (child) return child.cate_name;
  }
  return null;
}

/** Query values that are set (drops '', null, undefined) for URL building. */
function compact(q: Record<string, string | number | undefined | null>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number>;
}

type ShopRoute = 'store' | 'storeCategory' | 'storeCoupon' | 'qualifications';

/**
 * URLs of the shop pages, whose shop id travels in the query (`/store?id=5`, id first). The shared `url()`
 * fills `id` only into `[id]` path segments, so it cannot build these.
 */
export function shopUrl(name: ShopRoute, q: { id: number | string } & Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams(Object.entries(compact(q)).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${ROUTES[name].path}?${qs}` : ROUTES[name].path;
}

/** `/store/category` URLs: shop, category, keyword, order, price range and page (page 1 is left out). */
export function storeCategoryUrl(q: { id: number; cate_id?: number | string; keyword?: string; order?: string; price_on?: string; price_off?: string; page?: number }): string {
  return shopUrl('storeCategory', { ...q, page: q.page && q.page > 1 ? q.page : undefined });
}

/** A product-card list as schema.org ItemList (position, name, absolute URL, image). */
export function itemListLd(origin: string, name: string, items: { name: string; href: string; image?: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      url: new URL(it.href, origin).href,
      ...(it.image ? { image: new URL(it.image, origin).href } : {}),
    })),
  };
}

export const STORE_SORTS = [
  // The shop's default order is its best sellers, so "sales" is the default entry.
  { order: '', label: '销量' },
  { order: 'rate', label: '评分' },
  { order: 'is_new', label: '新品' },
  { order: 'price_asc', label: '价格从低到高' },
  { order: 'price_desc', label: '价格从高到低' },
] as const;

export const SHOP_SORTS = [
  { order: '', label: '默认' },
  { order: 'sales', label: '销量' },
  { order: 'rate', label: '好评' },
  { order: 'care_count', label: '人气' },
] as const;
