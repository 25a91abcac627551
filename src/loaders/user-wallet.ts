import { loadPage, failure, tabOf } from './result.ts';
import { switchedOffUserPages } from '../server/services/user/count-menu.ts';
import { ROUTES } from '../shared/routes.ts';
import { ctxOf, type PageInput } from './page.ts';
import { getUser } from '../server/services/user/get-user.ts';
import { listBills } from '../server/services/wallet/list-bills.ts';
import { getIntegralInfo } from '../server/services/wallet/get-integral.ts';
import { listIntegral } from '../server/services/wallet/list-integral.ts';
import { BILL_TYPES, WALLET_PAGE_SIZE, type BillRowDto } from '../shared/wallet.ts';

/** The tabs of `/user/balance`: `?type=` 0 all, 2 income, 1 expense (the reference's order). */
export const BALANCE_TABS = [
  { type: BILL_TYPES.all, key: String(BILL_TYPES.all), label: '全部' },
  { type: BILL_TYPES.income, key: String(BILL_TYPES.income), label: '收入' },
  { type: BILL_TYPES.expense, key: String(BILL_TYPES.expense), label: '支出' },
] as const;

export function balanceHref(type: number, page = 1): string {
  const q = new URLSearchParams();
  if (type) q.set('type', String(type));
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/user/balance?${s}` : '/user/balance';
}

export const integralHref = (page = 1) => (page > 1 ? `/user/integral?page=${page}` : '/user/integral');

/** One month of ledger rows, as the list groups them (`time` 'YYYY-MM', shown as 2026年06月). */
export interface BillMonth<N extends string | number> {
  time: string;
  label: string;
  rows: BillRowDto<N>[];
}

/** Consecutive rows of the same month (the list is newest first, so each month is one run). */
export function byMonth<N extends string | number>(rows: BillRowDto<N>[]): BillMonth<N>[] {
  const months: BillMonth<N>[] = [];
  for (const r of rows) {
    const last = months.at(-1);
    if (last && last.time === r.time) last.rows.push(r);
    else months.push({ time: r.time, label: `${r.time.slice(0, 4)}年${r.time.slice(5, 7)}月`, rows: [r] });
  }
  return months;
}

const pageOf = (v: string | null) => (v === null || v === '' ? '1' : v);

/** `/user/balance?type&page` (login required): the balance figures of `GET /api/user` and its ledger by tab, 10 a page. */
export async function loadUserBalance(page: PageInput) {
  const q = page.url.searchParams;
  const tab = tabOf(BALANCE_TABS, q.get('type'));
  if (!tab) return failure(404, '类型格式不正确');
  const pageNo = pageOf(q.get('page'));
  // Switched off by the operator (`balance_func_status` 0): the page is not there, as its menu entry is not.
  if ((await switchedOffUserPages(ctxOf(page))).includes(ROUTES.userBalance.path)) return failure(404);
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [user, list] = await Promise.all([getUser(ctx), listBills(ctx, { type: tab.type, page: pageNo, limit: WALLET_PAGE_SIZE })]);
    return { user, tab, count: list.count, months: byMonth(list.list), page: Number(pageNo) };
  });
}

/** `/user/integral?page` (login required): the four point figures and the points ledger, 10 a page. */
export async function loadUserIntegral(page: PageInput) {
  const pageNo = pageOf(page.url.searchParams.get('page'));
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [info, list] = await Promise.all([getIntegralInfo(ctx), listIntegral(ctx, { page: pageNo, limit: WALLET_PAGE_SIZE })]);
    return { info, count: list.count, months: byMonth(list.list), page: Number(pageNo) };
  });
}
