import { failure } from './result.ts';
import type { PageInput } from './page.ts';
import { loadProductPage } from './parts/product-page.ts';
import { getPresellDetail } from '../server/services/promotion/get-presell-detail.ts';
import { parseId } from '../shared/routes.ts';

/** `/goods_presell_detail/{id}`: a presale (id = product_presell_id); a malformed id is a 404 like an unknown one. */
export async function loadGoodsPresellDetail(page: PageInput) {
  const id = parseId(page.params?.id);
  if (id === null) return failure(404);
  return loadProductPage(
    page,
    (ctx) => getPresellDetail(ctx, { id }),
    (d) => d.product,
  );
}
