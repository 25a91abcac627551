import { z } from 'zod';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { loadProductDetail, type ProductDetail } from './product-detail.ts';

const detailInput = z.object({ id: idField('商品') });

/**
 * `GET /api/store/product/detail/{id}` (with the `show/{id}` parts): a normal product on sale with its
 * specs, SKU map (first available first), parameters, guarantees, shipping, shop card with recommendations
 * and whether the shopper favourited it. Unknown, off-shelf or closed-shop products are a 404.
 */
export async function getProductDetail(
  ctx: ServiceContext,
  input: { id: number | string },
  opts: { withFirstReviews?: boolean } = {},
): Promise<ProductDetail> {
  const { id } = parseInput(detailInput, input);
  return loadProductDetail(ctx, id, 0, undefined, opts);
}
