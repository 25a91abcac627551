import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { countOrders, type OrderCountsDto } from '../server/services/order/count-orders.ts';
import { listOrders } from '../server/services/order/list-orders.ts';
import { listGroupOrders } from '../server/services/order/list-group-orders.ts';

/** The tabs of `/user/order_list`: `?status=` value, label, and the count of `GET /api/order/number` it shows. */
export const ORDER_TABS = [
  { key: '', label: '全部订单', count: 'all' },
  { key: 'unpaid', label: '待付款', count: 'noPay' },
  { key: '0', label: '待发货', count: 'noPostage' },
  { key: '1', label: '待收货', count: 'noDeliver' },
  { key: '2', label: '待评价', count: 'noComment' },
  { key: '3', label: '已完成', count: 'done' },
] as const satisfies readonly { key: string; label: string; count: keyof OrderCountsDto }[];

export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDERS_PER_PAGE = 10;
/** Unpaid orders shown above the paid ones on the first page of 全部订单. */
const UNPAID_ON_TOP = 10;

/** The URL of a tab's page (`type=1` as the header's 我的订单 link has it; page 1 is left out). */
export function orderListHref(tab: string, page = 1): string {
  const q = new URLSearchParams({ type: '1' });
  if (tab) q.set('status', tab);
  if (page > 1) q.set('page', String(page));
  return `/user/order_list?${q}`;
}

/**
 * `/user/order_list?type=1&status=&page=` (login required): the tabs with their counts; 待付款 lists unpaid group
 * orders, the others paid store orders (全部订单 every paid order but presales awaiting their balance, with the unpaid
 * orders above them on its first page), 10 a page. An unknown tab or a bad page is a 400.
 */
export async function loadUserOrderList(page: PageInput) {
  const status = page.url.searchParams.get('status') ?? '';
  const tab = ORDER_TABS.find((t) => t.key === status);
  if (!tab) return failure(404, '订单状态不正确');
  const pageNo = page.url.searchParams.get('page') ?? '1';
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const paging = { page: pageNo, limit: ORDERS_PER_PAGE };
    const [counts, { pricing }, unpaid, paid] = await Promise.all([
      countOrders(ctx),
      pageBasics(page),
      tab.key === 'unpaid'
        ? listGroupOrders(ctx, paging)
        : tab.key === '' && pageNo === '1'
          ? listGroupOrders(ctx, { page: 1, limit: UNPAID_ON_TOP })
          : null,
      tab.key === 'unpaid' ? null : listOrders(ctx, { ...paging, status: tab.key === '' ? '-2' : tab.key }),
    ]);
    const listed = tab.key === 'unpaid' ? unpaid! : paid!;
    // Our 全部订单 tab lists the unpaid orders above the paid ones, so its figure counts both (the API's `all` is the paid).
    const tabCounts = { ...counts, all: counts.all + counts.noPay };
    return { tab, counts: tabCounts, pricing, unpaid, paid, page: Number(pageNo), count: listed.count };
  });
}
