import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { listMerchants } from '../server/services/merchant/list-merchants.ts';
import { listMerchantCategories } from '../server/services/merchant/list-merchant-categories.ts';

/** `/shop_street?category_id=&page=`: all open merchants, 10 a page, filtered by the street's merchant-category chips. */
export function loadShopStreet(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const q = page.url.searchParams;
    const categoryId = q.get('category_id') || undefined;
    const [chips, merchants, basics] = await Promise.all([
      listMerchantCategories(ctx),
      listMerchants(ctx, { page: q.get('page') ?? undefined, category_id: categoryId }),
      pageBasics(page),
    ]);
    const chip = chips.find((c) => String(c.merchant_category_id) === categoryId);
    return { chips, chip, categoryId, merchants, page: Number(q.get('page') ?? 1) || 1, ...basics };
  });
}
