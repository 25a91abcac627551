import { eq } from 'drizzle-orm';
import { country } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { getSiteConfig, type SiteConfig } from './get-site-config.ts';
import { getHome, type TopBanner } from './get-home.ts';
import { listHotKeywords } from './list-hot-keywords.ts';
import { countCart } from '../cart/count-cart.ts';
import { unreadCount } from '../chat/conversation.ts';
import { CHAT_FROM } from '../../../shared/chat.ts';
import type { Locale } from '../../../shared/locale.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { orderSettings } from '../order/checkout.ts';

/** Every page's shell reads these; they change only when an operator edits settings (30 s staleness). */
const SHELL_TTL_MS = 30_000;
export const cachedSiteConfig = (ctx: Pick<ServiceContext, 'db'>) =>
  cached(ctx.db, `${CACHE_KEYS.shell}site`, () => getSiteConfig(ctx), SHELL_TTL_MS);
export const cachedHome = (ctx: Pick<ServiceContext, 'db'>) => cached(ctx.db, `${CACHE_KEYS.shell}home`, () => getHome(ctx), SHELL_TTL_MS);
/** Checkout's operator settings as pages show them (the product page's points hint); checkout itself reads them fresh. */
export const cachedOrderSettings = (ctx: Pick<ServiceContext, 'db'>) =>
  cached(ctx.db, `${CACHE_KEYS.shell}order-settings`, () => orderSettings(ctx.db), SHELL_TTL_MS);

export interface ShellData {
  /** null when the settings could not be read: the page then shows the spec's `加载中...` title. */
  site: SiteConfig | null;
  topBanner: TopBanner | null;
  hotKeywords: string[];
  cartCount: number;
  /** The shopper's unread customer-service messages (spec section 3 `unreadNum`); 0 for visitors. */
  unread: number;
  countryName: string;
}

/**
 * Everything the page shell renders, read in parallel. A failure here degrades the shell (empty header
 * data) instead of failing the page the shopper asked for.
 */
export async function loadShell(ctx: ServiceContext, locale: Locale): Promise<ShellData> {
  try {
    const [site, home, hot, cart, unread, c] = await Promise.all([
      cachedSiteConfig(ctx),
      cachedHome(ctx),
      cached(ctx.db, `${CACHE_KEYS.shell}hot`, () => listHotKeywords(ctx), SHELL_TTL_MS),
      ctx.user ? countCart(ctx) : Promise.resolve([{ count: 0 }] as const),
      ctx.user ? unreadCount(ctx.db, ctx.user.uid, CHAT_FROM.service) : 0,
      cached(ctx.db, `${CACHE_KEYS.countries}:${locale.country}`, () =>
        ctx.db.select({ name: country.name }).from(country).where(eq(country.code, locale.country)).limit(1),
      ),
    ]);
    return {
      site,
      topBanner: home.pc_top_banner,
      hotKeywords: hot.map((h) => h.keyword),
      cartCount: cart[0].count,
      unread,
      countryName: c[0]?.name ?? locale.country,
    };
  } catch (err) {
    console.error('[mallfront] shell data unavailable', err);
    return { site: null, topBanner: null, hotKeywords: [], cartCount: 0, unread: 0, countryName: locale.country };
  }
}
