import { loadPage, failure, tabOf } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listProductRelations } from '../server/services/relation/list-product-relations.ts';
import { listMerchantRelations } from '../server/services/relation/list-merchant-relations.ts';
import { RELATIONS_PER_PAGE } from '../shared/schemas/relation.ts';

/** The tabs of `/user/collect`: `?type=` value and label (products first). */
export const COLLECT_TABS = [
  { key: 'product', label: '商品收藏' },
  { key: 'merchant', label: '店铺关注' },
] as const;

export type CollectTab = (typeof COLLECT_TABS)[number]['key'];

/** The URL of a tab's page (page 1 is left out). */
export function collectHref(tab: CollectTab, page = 1): string {
  const q = new URLSearchParams({ type: tab });
  if (page > 1) q.set('page', String(page));
  return `/user/collect?${q}`;
}

/**
 * `/user/collect?type=product|merchant&page=` (login required): the shopper's favourite products (with prices in
 * their currency) or followed shops, 12 a page, newest first. An unknown tab or a bad page is a 400.
 */
export async function loadUserCollect(page: PageInput) {
  const tab = tabOf(COLLECT_TABS, page.url.searchParams.get('type'));
  if (!tab) return failure(404, '收藏类型不正确');
  const pageNo = page.url.searchParams.get('page') ?? '1';
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const paging = { page: pageNo, limit: RELATIONS_PER_PAGE };
    const [{ pricing }, products, merchants] = await Promise.all([
      pageBasics(page),
      tab.key === 'product' ? listProductRelations(ctx, paging) : null,
      tab.key === 'merchant' ? listMerchantRelations(ctx, paging) : null,
    ]);
    return { tab: tab.key, pricing, products, merchants, page: Number(pageNo), count: (products ?? merchants)!.count };
  });
}
