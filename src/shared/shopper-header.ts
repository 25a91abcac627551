import type { UserDto } from './dto.ts';
import { url } from './routes.ts';
import { shellText as t } from './messages.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * The parts of every page that differ between shoppers: the top bar's user part (nickname, avatar, crown, 消息 with
 * the unread count and 退出, or 登录/注册 for visitors), the header's cart count and the user, cart count and unread
 * count in the page's state JSON. The
 * layout renders them with these functions, so the server can turn a page rendered for visitors into the same
 * page a signed-in shopper would get by replacing the visitor's parts with the shopper's (server/http/shopper-page.ts):
 * signed-in shoppers share the visitor page cache.
 */

/** The badge of unread desk messages (spec section 3 `unreadNum`), kept in step by the browser (client/boot.ts). */
export const unreadBadgeHtml = (unread: number) =>
  `<span class="topbar__badge" data-unread${unread > 0 ? '' : ' hidden'}>${t.badgeCount(unread)}</span>`;

/**
 * The top bar's user part: for a shopper, their name (to the account centre), 消息 with the count of customer-service
 * messages they have not read (to their conversations on the account page) and 退出.
 */
export function topbarUserHtml(user: UserDto | null, unread = 0): string {
  if (!user) return `<a class="topbar__login" href="${url('login')}" data-login-link>${t.loginRegister}</a>`;
  const crown =
    user.is_open_member && user.is_money_level > 0
      ? `<svg class="topbar__crown" viewBox="0 0 24 24" role="img" aria-label="${t.member}" data-member-crown><path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z"/></svg>`
      : '';
  return (
    `<a class="topbar__user" href="${escapeHtml(url('user', { type: 0 }))}" data-user-link>` +
    `<img src="${escapeHtml(user.avatar || '/images/avatar-2.svg')}" alt="" width="22" height="22" />` +
    `<span data-nickname>${escapeHtml(user.nickname)}</span>${crown}</a>` +
    `<a class="topbar__msg" href="${escapeHtml(url('user', { type: 0 }))}#messages" aria-label="${t.unreadMessages(unread)}" data-unread-link>` +
    `${t.messages}${unreadBadgeHtml(unread)}</a>` +
    `<button type="button" class="link-btn" data-logout>${t.logout}</button>`
  );
}

/** The header's cart count: shown only to a signed-in shopper. */
export function cartCountHtml(count: number, signedIn: boolean): string {
  return `<span class="cart-link__count" data-cart-count${signedIn ? '' : ' hidden'}>${count}</span>`;
}

/**
 * The shopper's end of the page state JSON (`"user":…,"cartCount":…,"unreadNum":…`). `shared`: the page is the visitor page with
 * the shopper's header put in, so the browser fills in the page's own per-shopper marks (favourites, follows, claimed
 * coupons) from `/api/user/marks`.
 */
export function shopperStateJson(user: UserDto | null, cartCount: number, unreadNum = 0, shared = false): string {
  // `<` is escaped so no value can close the script element.
  const json = `"user":${JSON.stringify(user)},"cartCount":${cartCount},"unreadNum":${unreadNum}${shared ? ',"shared":true' : ''}`;
  return json.replace(/</g, '\\u003c');
}
