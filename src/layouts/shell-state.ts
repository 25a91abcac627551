import type { SessionUser } from '../server/services/context.ts';
import type { ShellData } from '../server/services/site/load-shell.ts';
import { toUserDto } from '../server/services/user/get-user.ts';
import type { AppState } from '../stores/ui.ts';
import type { UserDto } from '../shared/dto.ts';

/** The global state (spec section 3) the page hands to the browser stores, as safe inline JSON. */
export function shellStateJson(
  shell: ShellData,
  user: SessionUser | null,
  flags: { banner: boolean; headers: boolean; footers: boolean; title: string },
): string {
  const site = shell.site;
  const app: Partial<AppState> = {
    banner: flags.banner,
    headers: flags.headers,
    footers: flags.footers,
    cartnumber: shell.cartCount,
    logoUrl: site?.site_logo ?? '',
    titleCon: flags.title,
    users: !!user,
    code: site?.wechat_qrcode ?? '',
    top_banner: shell.topBanner,
    domain: site?.site_url || '/',
    hotline: site?.sys_phone ?? '',
    openService: site?.is_open_service || '0',
  };
  const payload: { app: Partial<AppState>; user: UserDto | null } = { app, user: user ? toUserDto(user) : null };
  // `<` is escaped so no value can close the script element.
  return JSON.stringify(payload).replace(/</g, '\\u003c');
}
