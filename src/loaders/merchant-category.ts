import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { loadMerchantFrame, categoryName } from './parts/merchant-frame.ts';
import { ServiceError } from '../server/services/errors.ts';
import { listMerchantProducts } from '../server/services/merchant/list-merchant-products.ts';

/**
 * `/store/category?id=&cate_id=&keyword=`: a merchant's products by its category and/or keyword, sorted, priced, paged.
 * The reference's links name them otherwise, and are taken too: `search=` (its in-shop search) as the keyword and
 * `cateId=` (its category menu) as the category.
 */
export function loadMerchantCategory(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const { search, cateId: menuCate, ...given } = Object.fromEntries(page.url.searchParams);
    const named = menuCate && !given.cate_id ? { ...given, cate_id: menuCate } : given;
    const raw = search && !named.keyword ? { ...named, keyword: search } : named;
    const [frame, basics] = await Promise.all([loadMerchantFrame(ctx, raw.id ?? null), pageBasics(page)]);
    const { id: _id, cate_id, ...rest } = raw;
    const products = await listMerchantProducts(ctx, { ...rest, id: frame.merchant.mer_id, mer_cate_id: cate_id });
    const cateId = cate_id ? Number(cate_id) : undefined;
    const cate = categoryName(frame.categories, cateId);
    // Category ids are global: another merchant's (or a hidden) category is not a page of this merchant.
    if (cateId !== undefined && cate === null) throw new ServiceError('not_found', '店铺分类不存在');
    return { frame, products, cateId, cate, raw: rangeAsSearched(raw), page: Number(raw.page ?? 1) || 1, ...basics };
  });
}

/** The price range as the list was searched (`priceBetween` takes a reversed range low to high), for its inputs. */
function rangeAsSearched<T extends { price_on?: string; price_off?: string }>(raw: T): T {
  const [on, off] = [Number(raw.price_on), Number(raw.price_off)];
  return raw.price_on && raw.price_off && on > off ? { ...raw, price_on: raw.price_off, price_off: raw.price_on } : raw;
}
