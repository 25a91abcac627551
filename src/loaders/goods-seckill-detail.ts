import { failure } from './result.ts';
import type { PageInput } from './page.ts';
import { loadProductPage } from './parts/product-page.ts';
import { getSeckillDetail } from '../server/services/promotion/get-seckill-detail.ts';
import { parseId } from '../shared/routes.ts';

/** `/goods_seckill_detail/{id}`: a flash-sale offer; a malformed id is a 404 like an unknown one. */
export async function loadGoodsSeckillDetail(page: PageInput) {
  const id = parseId(page.params?.id);
  if (id === null) return failure(404);
  return loadProductPage(
    page,
    (ctx) => getSeckillDetail(ctx, { id }),
    (d) => d,
    (d) => d.origin_product_id,
  );
}
