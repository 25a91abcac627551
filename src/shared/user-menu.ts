import { ROUTES } from './routes.ts';

export interface UserMenuItem {
  label: string;
  href: string;
  /** The route's path, to mark the current page. */
  path: string;
  /** The figure shown beside the entry, when it helps (what is waiting for the shopper). */
  counter?: UserMenuCounter;
}

/** What the menu counts: unpaid orders beside 我的订单, usable coupons beside 我的优惠券. */
export type UserMenuCounter = 'unpaid_orders' | 'usable_coupons';
export type UserMenuCounts = Record<UserMenuCounter, number>;

const COUNTERS: Record<string, UserMenuCounter> = {
  [ROUTES.userOrderList.path]: 'unpaid_orders',
  [ROUTES.userMyCoupon.path]: 'usable_coupons',
};

/**
 * The user centre's left menu, derived from the route table: the routes marked with a menu entry, in the
 * reference's order, and only those that have a page (a feature adds its entry by building its route).
 */
export const userMenu: readonly UserMenuItem[] = Object.values(ROUTES)
  .flatMap((d) => (d.menu && d.built ? [{ ...d.menu, path: d.path }] : []))
  .sort((a, b) => a.order - b.order)
  .map(({ label, path }) => ({ label, href: path, path, counter: COUNTERS[path] }));
