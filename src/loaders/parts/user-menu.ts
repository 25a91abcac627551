import { countUserMenu } from '../../server/services/user/count-menu.ts';
import type { UserMenuCounts } from '../../shared/user-menu.ts';
import { ctxOf, type PageInput } from '../page.ts';

/**
 * The left menu's figures for the signed-in shopper, read by UserLayout itself so that every `/user` page shows
 * them without each loader passing them on. None for a visitor (the route guard has sent them to /login already).
 */
export async function loadUserMenuCounts(page: PageInput): Promise<UserMenuCounts | null> {
  const ctx = ctxOf(page);
  return ctx.user ? countUserMenu(ctx) : null;
}
