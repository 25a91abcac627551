import { failure } from './result.ts';
import type { PageInput } from './page.ts';
import { loadProductPage } from './parts/product-page.ts';
import { getProductDetail } from '../server/services/catalogue/get-product-detail.ts';
import { parseId } from '../shared/routes.ts';

/** `/goods_detail/{id}`: a normal product; a malformed id is a 404 like an unknown one. */
export async function loadGoodsDetail(page: PageInput) {
  const id = parseId(page.params?.id);
  if (id === null) return failure(404);
  return loadProductPage(
    page,
    // Its product and the reviews the page first shows in one query.
    (ctx) => getProductDetail(ctx, { id }, { withFirstReviews: true }),
    (d) => d,
  );
}
