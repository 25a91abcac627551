import type { SessionUser } from '../server/services/context.ts';
import type { ShellData } from '../server/services/site/load-shell.ts';
import { toUserDto } from '../server/services/user/get-user.ts';
import { withTrailingSlash, type PageState } from '../stores/ui.ts';
import type { ShellState } from '../stores/seed.ts';
import { shopperStateJson } from '../shared/shopper-header.ts';

/** The header's view of the signed-in shopper (none for visitors). */
export const userDtoOf = (user: SessionUser | null) => (user ? toUserDto(user) : null);

/** The global state (spec section 3) the page hands to the browser stores, as safe inline JSON. */
export function shellStateJson(
  shell: ShellData,
  user: SessionUser | null,
  flags: { banner: boolean; headers: boolean; footers: boolean; title: string },
): string {
  const site = shell.site;
  const page: Partial<PageState> = {
    banner: flags.banner,
    headers: flags.headers,
    footers: flags.footers,
    logoUrl: site?.site_logo ?? '',
    titleCon: flags.title,
    code: site?.wechat_qrcode ?? '',
    top_banner: shell.topBanner,
    // Spec section 3: the domain always ends with a slash.
    domain: withTrailingSlash(site?.site_url || '/'),
    hotline: site?.sys_phone ?? '',
    openService: site?.is_open_service || '0',
  };
  // The shopper's part last, written by the same function that puts a shopper into a shared visitor page.
  const pageJson = JSON.stringify({ page } satisfies Partial<ShellState>)
    .slice(0, -1)
    .replace(/</g, '\\u003c');
  return `${pageJson},${shopperStateJson(userDtoOf(user), shell.cartCount, shell.unread)}}`;
}
