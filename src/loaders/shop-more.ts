import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listMerchants } from '../server/services/merchant/list-merchants.ts';

/** `/shop_more?title=&order=&page=`: merchant search results (`title` = keyword), 10 a page. */
export function loadShopMore(page: PageInput) {
  return loadPage(async () => {
    const q = page.url.searchParams;
    const title = (q.get('title') ?? '').trim();
    const order = q.get('order') ?? '';
    const [merchants, basics] = await Promise.all([
      listMerchants(ctxOf(page), { keyword: title, order, page: q.get('page') ?? undefined }),
      pageBasics(page),
    ]);
    return { title, order, merchants, page: Number(q.get('page') ?? 1) || 1, ...basics };
  });
}
