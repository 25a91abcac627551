import { loadPage, failure, tabOf } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listRefunds } from '../server/services/refund/list-refunds.ts';
import { REFUND_PAGE_SIZE } from '../shared/refund.ts';

/** The tabs of `/user/refund_list`: `?type=` 0 all, 1 in progress, 2 processed. */
export const REFUND_LIST_TABS = [
  { type: 0, key: '0', label: '全部' },
  { type: 1, key: '1', label: '处理中' },
  { type: 2, key: '2', label: '已处理' },
] as const;

export function refundListHref(type: number, page = 1): string {
  const q = new URLSearchParams();
  if (type) q.set('type', String(type));
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/user/refund_list?${s}` : '/user/refund_list';
}

/** `/user/refund_list?type&page` (login required): the shopper's refund requests by tab, 10 a page, newest first. */
export async function loadUserRefundList(page: PageInput) {
  const q = page.url.searchParams;
  const tab = tabOf(REFUND_LIST_TABS, q.get('type'));
  if (!tab) return failure(404, '类型格式不正确');
  const pageNo = q.get('page') ?? '1';
  return loadPage(async () => {
    const [list, { pricing }] = await Promise.all([
      listRefunds(ctxOf(page), { type: tab.type, page: pageNo, limit: REFUND_PAGE_SIZE }),
      pageBasics(page),
    ]);
    return { tab, list, pricing, page: Number(pageNo) };
  });
}
