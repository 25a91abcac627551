import { countUserMenu, switchedOffUserPages } from '../../server/services/user/count-menu.ts';
import type { UserMenuCounts } from '../../shared/user-menu.ts';
import { ctxOf, type PageInput } from '../page.ts';

/**
 * What the left menu needs besides the route table, read by UserLayout itself so that every `/user` page shows it
 * without each loader passing it on: the figures beside entries (none for a visitor: the route guard has sent them
 * to /login already) and the pages the operator switched off.
 */
export async function loadUserMenu(page: PageInput): Promise<{ counts: UserMenuCounts | null; hidden: string[] }> {
  const ctx = ctxOf(page);
  const [counts, hidden] = await Promise.all([ctx.user ? countUserMenu(ctx) : null, switchedOffUserPages(ctx)]);
  return { counts, hidden };
}
