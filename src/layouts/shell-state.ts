import type { SessionUser } from '../server/services/context.ts';
import type { ShellData } from '../server/services/site/load-shell.ts';
import { toUserDto } from '../server/services/user/get-user.ts';
import type { PageState } from '../stores/ui.ts';
import type { ShellState } from '../stores/seed.ts';

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
    domain: site?.site_url || '/',
    hotline: site?.sys_phone ?? '',
    openService: site?.is_open_service || '0',
  };
  const payload: ShellState = { page, user: user ? toUserDto(user) : null, cartCount: shell.cartCount };
  // `<` is escaped so no value can close the script element.
  return JSON.stringify(payload).replace(/</g, '\\u003c');
}
