import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { readListing, loadSearchListing } from './parts/search-listing.ts';

/** Results per page of `/goods_search` (the URL's `limit` may ask for another). */
export const GOODS_SEARCH_LIMIT = 20;

/** `/goods_search?title=<kw>`: the listing state read from the URL, the results and their facets. */
export function loadGoodsSearch(page: PageInput) {
  return loadPage(async () => {
    const state = readListing(page.url.searchParams);
    const [listing, basics] = await Promise.all([loadSearchListing(ctxOf(page), state, GOODS_SEARCH_LIMIT), pageBasics(page)]);
    return { state, listing, limit: state.limit ?? GOODS_SEARCH_LIMIT, ...basics };
  });
}
