import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { loadMerchantFrame } from './parts/merchant-frame.ts';
import { listMerchantProducts } from '../server/services/merchant/list-merchant-products.ts';

/**
 * `/store?id=`: the merchant's home: its frame, its newest products (4, on the first page) and its recommendations,
 * its best sellers 12 a page (the reference's shop home: `spu/merchant/{id}` in its default order, paginated).
 */
export function loadMerchantHome(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const q = page.url.searchParams;
    const [frame, basics] = await Promise.all([loadMerchantFrame(ctx, q.get('id')), pageBasics(page)]);
    const id = frame.merchant.mer_id;
    const pageNo = Number(q.get('page') ?? 1) || 1;
    const [recommended, latest] = await Promise.all([
      listMerchantProducts(ctx, { id, page: q.get('page') ?? undefined }),
      pageNo === 1 ? listMerchantProducts(ctx, { id, order: 'is_new', limit: 4 }) : null,
    ]);
    return { frame, recommended, latest: latest?.list ?? [], page: pageNo, ...basics };
  });
}
