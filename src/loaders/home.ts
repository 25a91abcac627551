import type { ServiceContext } from '../server/services/context.ts';
import { cachedHome, cachedSiteConfig } from '../server/services/site/load-shell.ts';
import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listCategories } from '../server/services/catalogue/list-categories.ts';
import { listHotProducts } from '../server/services/catalogue/list-hot-products.ts';
import { listCategorySections } from '../server/services/catalogue/list-category-sections.ts';
import { listSeckillSessions } from '../server/services/promotion/list-seckill-sessions.ts';
import { listSeckillProducts } from '../server/services/promotion/list-seckill-products.ts';
import { listCoupons } from '../server/services/coupon/list-coupons.ts';
import { listMerchants } from '../server/services/merchant/list-merchants.ts';
import { HOME_BANNERS, HOME_TABS } from '../server/services/site/home-defaults.ts';
import { cached, CACHE_KEYS } from '../server/services/cache.ts';

/** Category-plaza sections per page (reference: `rec_list?limit=3`); also the partial's page size. */
export const PLAZA_LIMIT = 3;
/** Plaza pages a no-JS "more" link may ask for at once (keeps one request bounded). */
export const PLAZA_MAX_PAGES = 10;

/** Home sections that are the same for every shopper: read at most this often (the page cache's TTL). */
const SHARED_TTL_MS = 10_000;

/** The flash-sale strip and featured shops (with their recommendations) are the same for every shopper. */
function sharedSections(ctx: Pick<ServiceContext, 'db'>) {
  return cached(
    ctx.db,
    `${CACHE_KEYS.hot}home-shared`,
    async () => {
      const [seckill, merchants] = await Promise.all([
        listSeckillProducts(ctx, { page: 1, limit: 5 }),
        listMerchants(ctx, { page: 1, limit: 2, is_best: 1 }),
      ]);
      return { seckill, merchants };
    },
    SHARED_TTL_MS,
  );
}

/**
 * Everything the home page shows, loaded in parallel (reference `/` "API"). `plazaPages` is how many
 * plaza pages to render (the no-JS "more" link adds one); the script loads the following ones on scroll.
 * Only the coupon teaser (claimed or not) is the shopper's own; the rest comes from cached reads.
 */
export async function loadHomePage(ctx: Pick<ServiceContext, 'db' | 'user'>, plazaPages: number) {
  const [home, categories, sessions, { seckill, merchants }, best, newest, good, hot, coupons, plaza] = await Promise.all([
    cachedHome(ctx),
    listCategories(ctx),
    listSeckillSessions(ctx),
    sharedSections(ctx),
    listHotProducts(ctx, { type: 'best', page: 1, limit: 4 }),
    listHotProducts(ctx, { type: 'new', page: 1, limit: 5 }),
    listHotProducts(ctx, { type: 'good', page: 1, limit: 5 }),
    listHotProducts(ctx, { type: 'hot', page: 1, limit: 3 }),
    listCoupons(ctx, { product: 1, page: 1, limit: 4 }),
    listCategorySections(ctx, { page: 1, limit: PLAZA_LIMIT * plazaPages }),
  ]);
  const session = sessions.seckillTimeIndex >= 0 ? sessions.seckillTime[sessions.seckillTimeIndex]! : null;
  return {
    // The operator's tabs and banners; a mall that configured none still gets a useful first screen.
    tabs: home.pc_home_tab.length ? home.pc_home_tab : HOME_TABS,
    banners: home.pc_home_banner.filter((b) => b.image).length ? home.pc_home_banner.filter((b) => b.image) : HOME_BANNERS,
    categories: categories.list,
    session,
    seckill: seckill.list,
    best: best.list,
    newest: newest.list,
    good: good.list,
    hot: hot.list,
    coupons: coupons.list,
    merchants: merchants.list,
    plaza,
  };
}
export type HomePage = Awaited<ReturnType<typeof loadHomePage>>;

/**
 * `/` (`?plaza=n`, the no-JS "more" link, renders n pages of the category plaza; it never changes the
 * canonical): the sections, the site settings for the structured data, prices and origin.
 */
export function loadHome(page: PageInput) {
  return loadPage(async () => {
    const plazaPages = Math.min(PLAZA_MAX_PAGES, Math.max(1, Number.parseInt(page.url.searchParams.get('plaza') ?? '1', 10) || 1));
    const ctx = ctxOf(page);
    const [home, site, basics] = await Promise.all([
      loadHomePage(ctx, plazaPages),
      cachedSiteConfig(ctx).catch(() => null),
      pageBasics(page),
    ]);
    return { home, site, plazaPages, ...basics };
  });
}

/** `/partials/home-sections?page=`: one page of the category plaza for the home page's scroll script. */
export function loadHomeSections(page: PageInput) {
  return loadPage(async () => {
    const [sections, { pricing }] = await Promise.all([
      listCategorySections(ctxOf(page), { page: page.url.searchParams.get('page') ?? '', limit: PLAZA_LIMIT }),
      pageBasics(page),
    ]);
    return { sections: sections.list, pricing, page: Number(page.url.searchParams.get('page')) || 1 };
  });
}
