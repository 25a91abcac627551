import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listUserCoupons } from '../server/services/coupon/list-user-coupons.ts';

/** The tabs of `/user/my_coupon`: `?statusTag=` value (as `GET /api/coupon/list` takes it) and label. */
export const MY_COUPON_TABS = [
  { key: '1', label: '未使用' },
  { key: '0', label: '已使用/已过期' },
] as const;

export type MyCouponTab = (typeof MY_COUPON_TABS)[number]['key'];

export const MY_COUPONS_PER_PAGE = 20;

/** The URL of a tab's page (the first tab and page 1 are left out). */
export function myCouponHref(tab: MyCouponTab, page = 1): string {
  const q = new URLSearchParams();
  if (tab !== '1') q.set('statusTag', tab);
  if (page > 1) q.set('page', String(page));
  const qs = q.toString();
  return qs ? `/user/my_coupon?${qs}` : '/user/my_coupon';
}

/**
 * `/user/my_coupon?statusTag=1|0&page=` (login required): the shopper's coupons not used yet (usable or not started,
 * the soonest to end first) or used and expired ones, 20 a page, with prices in their currency.
 */
export async function loadUserMyCoupon(page: PageInput) {
  const status = page.url.searchParams.get('statusTag') || '1';
  const tab = MY_COUPON_TABS.find((t) => t.key === status);
  if (!tab) return failure(404, '优惠券状态不正确');
  const pageNo = page.url.searchParams.get('page') ?? '1';
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const [{ pricing }, coupons] = await Promise.all([
      pageBasics(page),
      listUserCoupons(ctx, { statusTag: tab.key, page: pageNo, limit: MY_COUPONS_PER_PAGE }),
    ]);
    return { tab: tab.key, pricing, coupons, page: Number(pageNo) };
  });
}
