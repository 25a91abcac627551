import { loadPage, failure } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { getInvoice, listInvoices } from '../server/services/invoice/list-invoices.ts';
import { listTitles } from '../server/services/invoice/list-titles.ts';
import { INVOICE_TITLE_LIMIT } from '../shared/invoice.ts';

export const INVOICE_PAGE_SIZE = 10;

/** The tabs of `/user/invoice_list` (reference): `?status=` '' all, 1 issued, 0 not issued. */
export const INVOICE_LIST_TABS = [
  { status: '', label: '全部' },
  { status: '1', label: '已开票' },
  { status: '0', label: '未开票' },
] as const;

export function invoiceListHref(status: string, page = 1, id?: number): string {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (page > 1) q.set('page', String(page));
  if (id) q.set('id', String(id));
  const s = q.toString();
  return s ? `/user/invoice_list?${s}` : '/user/invoice_list';
}

/**
 * `/user/invoice_list?status&page[&id]` (login required): the shopper's invoices of paid orders by tab, 10 a page,
 * newest first; with `id` one of them in detail (another shopper's is the 404 page); and the saved invoice titles.
 */
export async function loadUserInvoiceList(page: PageInput) {
  const q = page.url.searchParams;
  const tab = INVOICE_LIST_TABS.find((t) => t.status === (q.get('status') ?? ''));
  if (!tab) return failure(404, '发票状态不正确');
  const pageNo = q.get('page') ?? '1';
  const id = q.get('id');
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [list, titles, detail] = await Promise.all([
      listInvoices(ctx, { status: tab.status, page: pageNo, limit: INVOICE_PAGE_SIZE }),
      listTitles(ctx),
      id === null ? null : getInvoice(ctx, { id }),
    ]);
    return { tab, list, titles, detail, page: Number(pageNo), titleLimit: INVOICE_TITLE_LIMIT };
  });
}
