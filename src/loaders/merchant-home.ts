import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { loadMerchantFrame } from './parts/merchant-frame.ts';
import { listMerchantProducts } from '../server/services/merchant/list-merchant-products.ts';
import { listMerchantRecommend } from '../server/services/merchant/list-merchant-recommend.ts';

/** `/store?id=`: the merchant's home: its frame, best sellers and newest products (12 a page). */
export function loadMerchantHome(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const q = page.url.searchParams;
    const [frame, basics] = await Promise.all([loadMerchantFrame(ctx, q.get('id')), pageBasics(page)]);
    const id = frame.merchant.mer_id;
    const [latest, top] = await Promise.all([
      listMerchantProducts(ctx, { id, page: q.get('page') ?? undefined, order: 'is_new' }),
      listMerchantRecommend(ctx, id, { limit: 4 }),
    ]);
    return { frame, latest, top, page: Number(q.get('page') ?? 1) || 1, ...basics };
  });
}
