import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { readListing, loadSearchListing } from './parts/search-listing.ts';

/** Results per page of `/goods_cate` (the URL's `limit` may ask for another). */
export const GOODS_CATE_LIMIT = 15;

/** `/goods_cate?sid=&title=`: category browsing and filtered search; an unknown category is a 404. */
export function loadGoodsCate(page: PageInput) {
  return loadPage(async () => {
    const state = readListing(page.url.searchParams);
    const [listing, basics] = await Promise.all([loadSearchListing(ctxOf(page), state, GOODS_CATE_LIMIT), pageBasics(page)]);
    return { state, listing, limit: state.limit ?? GOODS_CATE_LIMIT, ...basics };
  });
}
