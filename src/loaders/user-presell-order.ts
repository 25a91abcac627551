import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listPresellOrders } from '../server/services/order/list-orders.ts';

export const PRESELL_ORDERS_PER_PAGE = 10;

/** `/user/presell_order?page=` (login required): the shopper's presale deposit orders, 10 a page, newest first. */
export function loadUserPresellOrder(page: PageInput) {
  const pageNo = page.url.searchParams.get('page') ?? '1';
  return loadPage(async () => {
    const [list, { pricing }] = await Promise.all([
      listPresellOrders(ctxOf(page), { page: pageNo, limit: PRESELL_ORDERS_PER_PAGE }),
      pageBasics(page),
    ]);
    return { list, pricing, page: Number(pageNo) };
  });
}
